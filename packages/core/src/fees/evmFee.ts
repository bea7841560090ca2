/**
 * The most an EVM transaction can pay in fees, in wei: its gas limit times its price cap (EIP-1559's
 * `maxFeePerGas`, or a legacy `gasPrice`). A field left out counts as zero: a transaction signed without a gas
 * limit or a price cannot be mined as it is.
 */
export function evmMaxFee(transaction: {
  gas?: bigint | undefined
  maxFeePerGas?: bigint | undefined
  gasPrice?: bigint | undefined
}): bigint {
  return (transaction.gas ?? 0n) * (transaction.maxFeePerGas ?? transaction.gasPrice ?? 0n)
}

/** The margin on a node's gas estimate: a state change between estimate and inclusion costs a little more gas. */
const gasMarginPercent = 120n

/** The gas limit a send signs for the node's `estimate`: the estimate plus 20 %, rounded up. */
export function gasLimitWithMargin(estimate: bigint): bigint {
  return (estimate * gasMarginPercent + 99n) / 100n
}

/** EIP-1559's price cap a send signs when the caller set none: twice the latest base fee plus the tip. */
export function evmFeeCap(baseFeePerGas: bigint, tip: bigint): bigint {
  return 2n * baseFeePerGas + tip
}
