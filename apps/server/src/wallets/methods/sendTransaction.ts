import {
  chainName,
  evmFeeCap,
  type FeeHistory,
  feeHistoryParams,
  gasLimitWithMargin,
  readEvmTransaction,
  suggestedTip,
} from '@charter/core'
import {
  decodeFunctionResult,
  encodeFunctionData,
  erc20Abi,
  formatUnits,
  type Hex,
  isAddress,
  numberToHex,
  type TransactionSerializable,
} from 'viem'
import { z } from 'zod'
import { UpstreamError } from '../../chains/UpstreamError.ts'
import { WalletApiError } from '../../http/WalletApiError.ts'
import { signTransactionNatively } from '../secp256k1Signer.ts'
import { ChainRpcError } from '../sends/ChainRpcError.ts'
import { type ChainRpc, chainRpc } from '../sends/chainRpc.ts'
import { earlierSend } from '../sends/earlierSend.ts'
import { broadcastSend, dataDigest } from '../sends/evm/broadcastSend.ts'
import { usdcTransfer } from '../sends/evm/usdcTransfer.ts'
import { feeProblem, isLegacyTransaction, quantity, toBigInt, transactionFields } from './signTransaction.ts'
import type { MethodOutcome, WalletMethodContext } from './WalletMethod.ts'

const uint256Max = 2n ** 256n - 1n
/** EIP-2681: a nonce is below 2^64 − 1; a gas limit above a block's is nonsense well before 2^64. */
const uint64Limit = 2n ** 64n - 1n

export const sendTransactionParams = z.strictObject({
  transaction: transactionFields
    .extend({
      // caip2 names the chain; chain_id may repeat it, never contradict it.
      chain_id: quantity.optional(),
      to: z.string().refine((value) => isAddress(value, { strict: false }), 'must be an address'),
    })
    .superRefine((transaction, context) => {
      const problem = feeProblem(transaction)
      if (problem) context.addIssue({ code: 'custom', message: problem })
    }),
  /** A maximum fee above the server's cap (SEND_MAX_FEE_ETH) goes only with this set. */
  allow_high_fee: z.boolean().optional(),
})

export type SendTransactionParameters = z.output<typeof sendTransactionParams>

export type SendTransactionReturnType = { caip2: string; hash: Hex }

const refuse = (message: string) => new WalletApiError(-32602, 400, message)
const cannotPay = (message: string) => new WalletApiError(-32000, 400, `insufficient funds: ${message}`)

/**
 * `eth_sendTransaction`: fills what the caller left out (nonce, gas limit, fees), refuses before signing what the
 * wallet cannot pay or what is ambiguous, records the send, broadcasts it and answers its hash. One send per
 * (wallet, `privy-idempotency-key`): a replay answers the first hash, whichever server process it reaches.
 */
export async function sendTransaction(
  context: WalletMethodContext,
  { transaction, allow_high_fee }: SendTransactionParameters,
): Promise<MethodOutcome<SendTransactionReturnType>> {
  const { wallet, request } = context
  const { db, chains } = context.sending
  const { key, earlier } = await earlierSend(db, 'eth_sendTransaction', context)
  if (earlier) {
    // Another session of the member may have used the key: it answers only the same send.
    const sameSend =
      request.caip2 === earlier.caip2 &&
      transaction.to.toLowerCase() === earlier.toAddress.toLowerCase() &&
      (transaction.value === undefined ? 0n : toBigInt(transaction.value)).toString() === earlier.value &&
      (transaction.data ? dataDigest(transaction.data) : null) === earlier.dataDigest
    if (!sameSend) {
      throw new WalletApiError(-32600, 409, 'This idempotency key was already used for a different send.')
    }
    const line = await context.activity({
      signed: { method: 'eth_sendTransaction', hash: earlier.hash },
      // An Ethereum wallet's sends are all EVM ones, with a chain id.
      summary: `Sent transaction ${earlier.hash} on ${chainName(earlier.chainId as number)}`,
      sendHash: earlier.hash,
    })
    return { data: { caip2: earlier.caip2, hash: earlier.hash as Hex }, line }
  }

  // The chain: caip2's, offered here, and the one chain_id names if it is given.
  const caip2Match = /^eip155:([1-9]\d{0,9})$/.exec(request.caip2 ?? '')
  if (!caip2Match) {
    throw refuse(
      `caip2: ${request.caip2 === undefined ? 'is required' : JSON.stringify(request.caip2)}; send the chain as 'eip155:<chain id>', e.g. 'eip155:84532'.`,
    )
  }
  const chainId = Number(caip2Match[1])
  const chain = chains.find(String(chainId))
  if (chain?.info.type !== 'ethereum') {
    const offered = chains.chains
      .filter((each) => each.info.type === 'ethereum')
      .map((each) => `eip155:${each.info.id}`)
    throw new WalletApiError(
      4902,
      400,
      `Unrecognized chain eip155:${chainId}: this server does not offer it (unsupported_chain_id). It offers ${offered.join(', ') || 'no EVM chain'}.`,
    )
  }
  if (transaction.chain_id !== undefined && toBigInt(transaction.chain_id) !== BigInt(chainId)) {
    throw refuse(
      `params.transaction.chain_id: ${toBigInt(transaction.chain_id)} is not the chain caip2 names (eip155:${chainId}). Leave chain_id out or make them agree.`,
    )
  }
  const { address } = wallet
  if (transaction.from !== undefined && transaction.from.toLowerCase() !== address.toLowerCase()) {
    throw refuse(
      `params.transaction.from: ${transaction.from} is not this wallet's address, ${address}. Leave from out, or send the address of the wallet that sends.`,
    )
  }

  // Hostile numbers, refused by name before the node sees them.
  const value = transaction.value === undefined ? 0n : toBigInt(transaction.value)
  if (value > uint256Max)
    throw refuse('params.transaction.value: is above 2^256 − 1, the most a value can be.')
  const callerNonce = transaction.nonce === undefined ? undefined : toBigInt(transaction.nonce)
  if (callerNonce !== undefined && callerNonce >= uint64Limit) {
    throw refuse('params.transaction.nonce: must be below 2^64 − 1 (EIP-2681).')
  }
  const callerGas = transaction.gas_limit === undefined ? undefined : toBigInt(transaction.gas_limit)
  if (callerGas !== undefined && (callerGas === 0n || callerGas >= uint64Limit)) {
    throw refuse(
      'params.transaction.gas_limit: must be above 0 and below 2^64; leave it out and the server estimates it.',
    )
  }
  for (const field of ['gas_price', 'max_fee_per_gas', 'max_priority_fee_per_gas'] as const) {
    const fee = transaction[field]
    if (fee !== undefined && toBigInt(fee) > uint256Max) {
      throw refuse(`params.transaction.${field}: is above 2^256 − 1.`)
    }
  }

  const rpc = chainRpc(chain.rpcUrl)
  const to = transaction.to as Hex
  const data = transaction.data as Hex | undefined
  const symbol = chain.info.nativeCurrency.symbol
  const name = chain.info.name
  const eth = (wei: bigint) => `${formatUnits(wei, chain.info.nativeCurrency.decimals)} ${symbol}`

  // What the wallet holds is checked before anything is estimated: the node's estimate of an overdraft fails
  // with a message of its own, less clear than ours.
  const balance = BigInt(await nodeCall<string>(rpc, 'eth_getBalance', [address, 'latest']))
  if (value > balance) {
    throw cannotPay(`the value is ${eth(value)} and the wallet holds ${eth(balance)} on ${name}.`)
  }
  // A USDC transfer: the token balance must hold the amount.
  const usdc = chain.info.usdc?.address
  let token: { to: Hex; amount: bigint } | undefined
  try {
    token = usdcTransfer(to, data, usdc)
  } catch {
    throw refuse(
      'params.transaction.data: starts like a USDC transfer but does not decode as transfer(address,uint256).',
    )
  }
  if (token && usdc) {
    const held = decodeFunctionResult({
      abi: erc20Abi,
      functionName: 'balanceOf',
      data: await nodeCall<Hex>(rpc, 'eth_call', [
        {
          to: usdc,
          data: encodeFunctionData({ abi: erc20Abi, functionName: 'balanceOf', args: [address as Hex] }),
        },
        'latest',
      ]),
    })
    if (token.amount > held) {
      throw cannotPay(
        `the transfer is ${formatUnits(token.amount, 6)} USDC and the wallet holds ${formatUnits(held, 6)} USDC on ${name}.`,
      )
    }
  }
  const fees = await chainFees(rpc, transaction)
  const gas = callerGas ?? (await estimateGas(rpc, { from: address, to, value, data }))
  const maxFee = gas * fees.cap
  if (value + maxFee > balance) {
    throw cannotPay(
      `value ${eth(value)} + maximum fee ${eth(maxFee)} (gas ${gas} × ${fees.cap} wei) = ${eth(value + maxFee)}, and the wallet holds ${eth(balance)} on ${name}.`,
    )
  }
  if (maxFee > context.sending.maxFeeWei && allow_high_fee !== true) {
    throw refuse(
      `the maximum fee, ${eth(maxFee)}, is above this server's cap of ${eth(context.sending.maxFeeWei)} (SEND_MAX_FEE_ETH). Send params.allow_high_fee: true to pay it anyway.`,
    )
  }

  const what = token ? `${formatUnits(token.amount, 6)} USDC to ${token.to}` : `${eth(value)} to ${to}`
  const effect = readEvmTransaction(
    { chainId, to, value, data, gas, maxFeePerGas: fees.cap },
    { offered: true, usdc },
  )
  if (maxFee > context.sending.maxFeeWei) {
    // Paid only with allow_high_fee: a fee above the cap is money burnt, which a new device does not burn at once.
    effect.unweighable.push(`a maximum fee of ${eth(maxFee)}, above this server's cap`)
  }
  // After every check above, before anything is signed: the policy decides, and a held send goes out later.
  const authorized = await context.authorize({
    effect,
    what: `Send ${what} on ${name}`,
    send: {
      caip2: `eip155:${chainId}`,
      replay: {
        method: request.method,
        params: request.params,
        idempotencyKey: key,
        sponsor: request.sponsor,
      },
    },
  })

  let hash: Hex
  try {
    ;({ hash } = await broadcastSend(
      db,
      rpc,
      { userId: wallet.userId, wallet, chainId, idempotencyKey: key, to, value, data, token },
      async (nonce) => {
        if (callerNonce !== undefined && callerNonce !== BigInt(nonce)) {
          throw refuse(
            `params.transaction.nonce: ${callerNonce} is not this wallet's next nonce on ${name} (${nonce}). Leave nonce out and the server picks it.`,
          )
        }
        const unsigned: TransactionSerializable = {
          chainId,
          to,
          value,
          nonce,
          gas,
          ...(data && { data }),
          ...(fees.type === 'legacy'
            ? { type: 'legacy', gasPrice: fees.cap }
            : { type: 'eip1559', maxFeePerGas: fees.cap, maxPriorityFeePerGas: fees.tip }),
        }
        return authorized.withKey((privateKey) => signTransactionNatively(unsigned, privateKey))
      },
    ))
  } catch (error) {
    // The node refused it (400): nothing went out, and the budget it reserved is free again.
    if (error instanceof WalletApiError && error.status === 400) await authorized.release()
    throw error
  }

  // A send's line names the transaction it broadcast, so it is said last.
  const line = await context.activity({
    signed: { method: 'eth_sendTransaction', caip2: `eip155:${chainId}`, hash },
    summary: `Sent ${what} on ${name}`,
    sendHash: hash,
  })
  return { data: { caip2: `eip155:${chainId}`, hash }, line }
}

/** A node call whose failure is the node's, not the caller's: answered 502 with its message. */
async function nodeCall<T>(rpc: ChainRpc, method: string, params: unknown[]): Promise<T> {
  try {
    return await rpc<T>(method, params)
  } catch (error) {
    if (error instanceof ChainRpcError || error instanceof UpstreamError) {
      throw new WalletApiError(-32603, 502, `The chain's node could not answer ${method}: ${error.message}`)
    }
    throw error
  }
}

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
async function chainFees(
  rpc: ChainRpc,
  transaction: SendTransactionParameters['transaction'],
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
async function estimateGas(
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
