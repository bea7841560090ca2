import { formatTokenAmount } from '@charter/core'

/**
 * Base units as a decimal a person can read at a glance and that hides nothing: every decimal kept (no
 * rounding), thousands grouped with commas (`21,000,000`), so a huge number looks huge.
 */
export function formatAmount(amount: bigint, decimals: number): string {
  const [whole = '', fraction] = formatTokenAmount(amount, decimals).split('.')
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')
  return fraction === undefined ? grouped : `${grouped}.${fraction}`
}
