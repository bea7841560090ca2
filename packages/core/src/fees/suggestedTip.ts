import type { FeeHistory } from './FeeHistory.ts'

const hexQuantity = /^0x[0-9a-fA-F]{1,64}$/

/**
 * The tip (max priority fee per gas, wei) to suggest for a send: the node's own suggestion
 * (`eth_maxPriorityFeePerGas`), but never above the median of the recent blocks' median tips (`eth_feeHistory`
 * with `feeHistoryParams`; blocks without transactions left out). A node may suggest from one reading: anvil
 * suggests the lowest tip of the latest block, so on a devnet where each send is mined alone, one member's send
 * with an absurd tip would have every member's next send suggested that tip. The median of twenty blocks moves
 * only when most of them paid more, which is what a busy chain looks like. Without a history (a node that does
 * not answer it, or only empty blocks), the node's suggestion stands.
 */
export function suggestedTip(nodeTip: bigint, history: FeeHistory | null | undefined): bigint {
  const used = history?.gasUsedRatio ?? []
  const tips = (history?.reward ?? [])
    .filter((_, block) => (used[block] ?? 1) > 0)
    .map((row) => row[0])
    .filter((tip): tip is string => typeof tip === 'string' && hexQuantity.test(tip))
    .map((tip) => BigInt(tip))
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
  if (tips.length === 0) return nodeTip
  const middle = tips.length / 2
  // An even count takes the lower of the middle two: a tie between a normal tip and an outlier goes the normal way.
  const median = tips[Math.ceil(middle) - 1] as bigint
  return median < nodeTip ? median : nodeTip
}
