import { evmFeeCap, type FeeHistory, feeHistoryParams, gasLimitWithMargin, suggestedTip } from '@charter/core'
import { type Hex, numberToHex } from 'viem'
import type { z } from 'zod'
import { UpstreamError } from '../../../chains/UpstreamError.ts'
import { WalletApiError } from '../../../http/WalletApiError.ts'
import { isLegacyTransaction, toBigInt, type transactionFields } from '../../methods/signTransaction.ts'
import { ChainRpcError } from '../ChainRpcError.ts'
import type { ChainRpc } from '../chainRpc.ts'
import { nodeCall } from '../nodeCall.ts'

// How an EVM send's fees and gas are chosen: eth_sendTransaction's own, and the sponsor's transaction that
// submits a member's transfer authorisation (sponsoredTransfer.ts), alike.

const refuse = (message: string) => new WalletApiError(-32602, 400, message)

/**
 * The tip to pay: the node's suggestion, never above the median of the last 20 blocks' median tips (the core's
 * `suggestedTip`), so one send with an absurd tip does not become every next send's suggestion. A node that does
 * not answer `eth_feeHistory` leaves its own suggestion standing.
 */
async function chainTip(rpc: ChainRpc): Promise<bigint> {
  const [nodeTip, history] = await Promise.all([
    nodeCall<string>(rpc, 'eth_maxPriorityFeePerGas', []),
    rpc<FeeHistory>('eth_feeHistory', feeHistoryParams()).catch(() => null),
  ])
  return suggestedTip(BigInt(nodeTip), history)
}

const latestBlock = (rpc: ChainRpc) =>
  nodeCall<{ baseFeePerGas?: string } | null>(rpc, 'eth_getBlockByNumber', ['latest', false])

/**
 * The gas price of a legacy send the caller left it out of: the node's, but no more than the latest base fee
 * plus `chainTip` (a node's gas price is its base fee plus its suggested tip, which one absurd tip can lift).
 */
async function chainGasPrice(rpc: ChainRpc): Promise<bigint> {
  const [nodePrice, tip, block] = await Promise.all([
    nodeCall<string>(rpc, 'eth_gasPrice', []),
    chainTip(rpc),
    latestBlock(rpc),
  ])
  const price = BigInt(nodePrice)
  if (block?.baseFeePerGas === undefined) return price
  const bounded = BigInt(block.baseFeePerGas) + tip
  return bounded < price ? bounded : price
}

/** The fee the caller set, or the chain's: EIP-1559's cap of twice the base fee plus the tip, or a gas price. */
export async function chainFees(
  rpc: ChainRpc,
  transaction: Pick<
    z.output<typeof transactionFields>,
    'type' | 'gas_price' | 'max_fee_per_gas' | 'max_priority_fee_per_gas'
  >,
): Promise<{ type: 'legacy' | 'eip1559'; cap: bigint; tip: bigint }> {
  if (isLegacyTransaction(transaction)) {
    const gasPrice =
      transaction.gas_price !== undefined ? toBigInt(transaction.gas_price) : await chainGasPrice(rpc)
    return { type: 'legacy', cap: gasPrice, tip: gasPrice }
  }
  const givenCap =
    transaction.max_fee_per_gas === undefined ? undefined : toBigInt(transaction.max_fee_per_gas)
  const givenTip =
    transaction.max_priority_fee_per_gas === undefined
      ? undefined
      : toBigInt(transaction.max_priority_fee_per_gas)
  const [tip, block] = await Promise.all([
    givenTip ?? chainTip(rpc),
    givenCap === undefined ? latestBlock(rpc) : undefined,
  ])
  const cap = givenCap ?? evmFeeCap(BigInt(block?.baseFeePerGas ?? '0x0'), tip)
  if (givenTip !== undefined && givenTip > cap) {
    throw refuse(
      'params.transaction.max_priority_fee_per_gas: is above max_fee_per_gas; the tip is part of the maximum fee.',
    )
  }
  return { type: 'eip1559', cap, tip: tip > cap ? cap : tip }
}

/** The chain's estimate plus a margin; a transaction the chain says would fail is refused before signing. */
export async function estimateGas(
  rpc: ChainRpc,
  call: { from: string; to: Hex; value: bigint; data: Hex | undefined },
): Promise<bigint> {
  try {
    const estimate = BigInt(
      await rpc<string>('eth_estimateGas', [
        {
          from: call.from,
          to: call.to,
          value: numberToHex(call.value),
          ...(call.data && { data: call.data }),
        },
      ]),
    )
    return gasLimitWithMargin(estimate)
  } catch (error) {
    if (error instanceof ChainRpcError) {
      throw new WalletApiError(
        -32000,
        400,
        `The chain says this transaction would fail: ${error.message}. Nothing was signed.`,
      )
    }
    if (error instanceof UpstreamError) {
      throw new WalletApiError(-32603, 502, `The chain's node could not estimate gas: ${error.message}`)
    }
    throw error
  }
}
