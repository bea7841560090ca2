/** What `eth_feeHistory` answers, as far as a tip is read from it: per block, its tips at the percentiles asked. */
export type FeeHistory = {
  /** One row per block, oldest first: the tip (wei, hex) at each percentile asked, weighted by gas. */
  reward?: readonly (readonly string[])[]
  /** One per block: the share of its gas limit used; 0 for a block without transactions. */
  gasUsedRatio?: readonly number[]
}
