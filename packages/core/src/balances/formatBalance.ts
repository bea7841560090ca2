import { formatTokenAmount } from '../format/formatTokenAmount.ts'
import type { TokenAmount } from './ChainBalances.ts'

/**
 * A balance for display by the core's rules: at most 3 decimals, cut off (never rounded up), trailing zeros
 * trimmed, `<0.001` for a dust amount: `formatBalance({amount: 10_500_000n, decimals: 6})` → `'10.5'`.
 */
export function formatBalance({ amount, decimals }: TokenAmount): string {
  return formatTokenAmount(amount, decimals, { maxDecimals: 3 })
}
