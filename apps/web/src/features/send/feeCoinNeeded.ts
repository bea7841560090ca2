import type { SendAsset } from './SendOrder.ts'

/**
 * Whether a send must wait for some of the chain's own coin to pay its network fee: a token send (USDC) from a
 * wallet whose native balance is empty, or below the most the fee can be. The one place that decides it, so fee
 * sponsorship (someone else paying the fee) turns it off by answering `sponsored: true`. A native send pays its
 * fee from what it sends, which the amount's own check weighs.
 */
export function feeCoinNeeded(input: {
  asset: SendAsset
  /** The wallet's balance of the chain's own coin; undefined while it is read. */
  nativeBalance: bigint | undefined
  /** The most the fee can be (rent included), in the chain's coin; undefined until estimated. */
  maxFee: bigint | undefined
  /** Someone else pays this send's fee. */
  sponsored: boolean
}): boolean {
  if (input.sponsored || input.asset === 'native' || input.nativeBalance === undefined) return false
  if (input.nativeBalance === 0n) return true
  return input.maxFee !== undefined && input.maxFee > input.nativeBalance
}
