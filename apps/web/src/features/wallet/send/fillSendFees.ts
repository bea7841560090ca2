import { evmFeeCap, type FeeHistory, feeHistoryParams, gasLimitWithMargin, suggestedTip } from '@charter/core'
import { deepFreeze } from '../params/deepFreeze.ts'
import type { ServerTransaction } from '../params/transactionParams.ts'

/** A read of the send's chain (through Charter's RPC proxy): the node's result, or its error. */
export type ChainRead = (method: string, params: unknown[]) => Promise<unknown>

const hex = (value: bigint) => `0x${value.toString(16)}`

/**
 * The gas limit and fees a send leaves out, filled as the server fills them (the node's estimate plus 20 %; an
 * EIP-1559 cap of twice the latest base fee plus the tip, the node's unless recent blocks paid less), so the dialog can show the most the fee can be
 * and the server signs exactly that. Fees the caller set are kept; a caller who set some but not all of them
 * leaves the rest to the server. A transaction the node says would fail throws the node's error here, before
 * anything is shown or signed.
 */
export async function fillSendFees(
  read: ChainRead,
  transaction: ServerTransaction,
  from: string,
): Promise<ServerTransaction> {
  const filled: ServerTransaction = { ...transaction }
  if (filled.gas_limit === undefined) {
    const estimate = BigInt(
      (await read('eth_estimateGas', [
        {
          from,
          ...(filled.to !== undefined && { to: filled.to }),
          ...(filled.value !== undefined && { value: filled.value }),
          ...(filled.data !== undefined && { data: filled.data }),
        },
      ])) as string,
    )
    // The server's margin, so the dialog's maximum is the one the server would sign.
    filled.gas_limit = hex(gasLimitWithMargin(estimate))
  }
  const noFees =
    filled.gas_price === undefined &&
    filled.max_fee_per_gas === undefined &&
    filled.max_priority_fee_per_gas === undefined
  if (noFees) {
    const [tip, block, nodePrice] = await Promise.all([
      chainTip(read),
      read('eth_getBlockByNumber', ['latest', false]),
      filled.type === '0x0' ? read('eth_gasPrice', []) : undefined,
    ])
    const baseFee = (block as { baseFeePerGas?: string } | null)?.baseFeePerGas
    if (filled.type !== '0x0') {
      filled.max_priority_fee_per_gas = hex(tip)
      filled.max_fee_per_gas = hex(evmFeeCap(BigInt(baseFee ?? '0x0'), tip))
    } else {
      // The node's gas price is its base fee plus its own tip: no more than the base fee plus the tip above.
      const price = BigInt(nodePrice as string)
      const bounded = baseFee === undefined ? price : BigInt(baseFee) + tip
      filled.gas_price = hex(bounded < price ? bounded : price)
    }
  }
  return deepFreeze(filled)
}

/**
 * The tip the server would pay: the node's suggestion, never above the median of the last 20 blocks' median tips
 * (the core's `suggestedTip`), so another member's send with an absurd tip is not suggested to this one. A node
 * that does not answer `eth_feeHistory` leaves its own suggestion standing.
 */
async function chainTip(read: ChainRead): Promise<bigint> {
  const [nodeTip, history] = await Promise.all([
    read('eth_maxPriorityFeePerGas', []),
    read('eth_feeHistory', feeHistoryParams()).catch(() => null),
  ])
  return suggestedTip(BigInt(nodeTip as string), history as FeeHistory | null)
}
