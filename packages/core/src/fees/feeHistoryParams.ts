/**
 * The `eth_feeHistory` params a tip is read from (`suggestedTip`): the last 20 blocks, each block's median tip.
 * Twenty blocks is what geth's own fee oracle looks at; the median is what half of a block's gas paid at least.
 * A new array each call, for the caller to send as it likes.
 */
export const feeHistoryParams = (): [blockCount: string, newest: string, percentiles: number[]] => [
  '0x14',
  'latest',
  [50],
]
