import { formatTokenAmount } from './formatTokenAmount.ts'

/** Ether and every native currency of the supported chains use 18 decimals (docs/chains.md). */
const nativeDecimals = 18

export type FormatWeiOptions = {
  /** How many decimals to show at most: 3 by default, enough for a balance at a glance; 18 shows all. */
  decimals?: number
}

/**
 * Wei to ether for display: `1500000000000000000n` → `'1.5'`. Cuts off (never rounds up) past the shown
 * decimals and trims trailing zeros; a non-zero amount too small to show reads `'<0.001'`. See `formatTokenAmount`.
 */
export function formatWei(wei: bigint, options: FormatWeiOptions = {}): string {
  return formatTokenAmount(wei, nativeDecimals, { maxDecimals: options.decimals ?? 3 })
}
