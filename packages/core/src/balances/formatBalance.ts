import { readableAmount } from '../format/readableAmount.ts'
import type { TokenAmount } from './ChainBalances.ts'

/**
 * A balance for display by the core's one rule for amounts a person reads (`readableAmount`): at most 6
 * significant digits, cut off, never rounded up: `formatBalance({amount: 10_500_000n, decimals: 6})` → `'10.5'`.
 */
export function formatBalance({ amount, decimals }: TokenAmount): string {
  return readableAmount(amount, decimals)
}
