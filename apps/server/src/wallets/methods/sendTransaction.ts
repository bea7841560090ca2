import { chainName, readEvmTransaction } from '@charter/core'
import {
  decodeFunctionResult,
  encodeFunctionData,
  erc20Abi,
  formatUnits,
  getAddress,
  type Hex,
  isAddress,
  type TransactionSerializable,
} from 'viem'
import { z } from 'zod'
import { WalletApiError } from '../../http/WalletApiError.ts'
import { signTransactionNatively, signTypedDataNatively } from '../secp256k1Signer.ts'
import { chainRpc } from '../sends/chainRpc.ts'
import { earlierSend } from '../sends/earlierSend.ts'
import { broadcastSend, dataDigest } from '../sends/evm/broadcastSend.ts'
import { chainFees, estimateGas } from '../sends/evm/chainFees.ts'
import { submitSponsoredTransfer } from '../sends/evm/sponsoredTransfer.ts'
import {
  authorizationTypedData,
  checkedUsdcDomain,
  transferAuthorization,
  type UsdcDomain,
} from '../sends/evm/usdcAuthorization.ts'
import { usdcTransfer } from '../sends/evm/usdcTransfer.ts'
import { nodeCall } from '../sends/nodeCall.ts'
import { feeProblem, quantity, toBigInt, transactionFields } from './signTransaction.ts'
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
const notSponsorable = (chain: string) =>
  refuse(
    `Charter pays the network fee only for a USDC transfer (transfer(to, amount) to ${chain}'s USDC contract, with nothing else sent along); this transaction is not one. Send it without sponsor: true.`,
  )
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
  // Coin sent along is never sponsored: said before the balance that could not pay it.
  if (request.sponsor && value !== 0n) throw notSponsorable(name)
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
  // Fees paid for the member (sponsor/): asked with Privy's `sponsor: true`, or a USDC transfer the sponsor covers
  // and the wallet's coin cannot pay the gas of. The member's fee fields play no part in it.
  const sponsorable = token && usdc && value === 0n ? { token, usdc: usdc as Hex } : undefined
  /** The checked domain a sponsored send signs under, or why this send cannot be sponsored, in words. */
  const sponsorship = async (): Promise<{ domain: UsdcDomain } | { refusal: string }> => {
    if (!sponsorable) return { refusal: notSponsorable(name).message }
    // The sponsor would pay gas for nothing moved.
    if (sponsorable.token.amount === 0n) {
      return {
        refusal:
          'Charter pays the network fee only for a transfer of more than 0 USDC; this one moves nothing. Send an amount above 0.',
      }
    }
    // A sponsored send goes out under the sponsor's nonce: a caller's nonce (to replace a stuck send, say) would
    // be silently ignored and make a second, independent transfer.
    if (callerNonce !== undefined) {
      return {
        refusal: "params.transaction.nonce: a sponsored send has no nonce of the wallet's; leave nonce out.",
      }
    }
    const { sponsor } = context.sending
    if (sponsor.mode === 'off' || !(await sponsor.covers(wallet.userId))) {
      return {
        refusal: `Charter does not pay network fees ${sponsor.mode === 'off' ? 'on this server' : 'for this account'}. Send it without sponsor: true, and the wallet pays the fee.`,
      }
    }
    const domain = await checkedUsdcDomain(rpc, chain.rpcUrl, chainId)
    return typeof domain === 'string'
      ? {
          refusal: `Charter does not pay network fees on ${name}: ${domain}. Send it without sponsor: true, and the wallet pays the fee.`,
        }
      : { domain }
  }
  const sendWith = (domain: UsdcDomain) =>
    sendSponsored(context, {
      chainId,
      chain,
      name,
      ...(sponsorable as NonNullable<typeof sponsorable>),
      data: data as Hex,
      domain,
      key,
    })
  if (request.sponsor) {
    const asked = await sponsorship()
    if ('refusal' in asked) throw refuse(asked.refusal)
    return sendWith(asked.domain)
  }
  const fees = await chainFees(rpc, transaction)
  const gas = callerGas ?? (await estimateGas(rpc, { from: address, to, value, data }))
  const maxFee = gas * fees.cap
  // Unasked, when the wallet cannot pay the gas; where it cannot be sponsored either, it is refused as any send.
  if (value + maxFee > balance && sponsorable) {
    const unasked = await sponsorship()
    if ('domain' in unasked) return sendWith(unasked.domain)
  }
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

/**
 * A USDC transfer whose network fee Charter pays (sponsor/): weighed by the policy exactly as the plain transfer
 * (no fee leaves the wallet), then the member's key signs an EIP-3009 authorisation of the same recipient and
 * amount, and the sponsor submits it (sends/evm/sponsoredTransfer.ts). The answer's hash is the sponsor's
 * transaction, recorded as a send of the member's wallet.
 */
async function sendSponsored(
  context: WalletMethodContext,
  send: {
    chainId: number
    chain: { rpcUrl: string }
    name: string
    usdc: Hex
    /** The member's `transfer(to, amount)` calldata. */
    data: Hex
    token: { to: Hex; amount: bigint }
    domain: UsdcDomain
    key: string
  },
): Promise<MethodOutcome<SendTransactionReturnType>> {
  const { wallet, request } = context
  const { chainId, chain, name, usdc, data, token, domain, key } = send
  const caip2 = `eip155:${chainId}`
  const what = `${formatUnits(token.amount, 6)} USDC to ${token.to}`
  const authorized = await context.authorize({
    effect: readEvmTransaction({ chainId, to: usdc, value: 0n, data }, { offered: true, usdc }),
    what: `Send ${what} on ${name} · network fee paid by Charter`,
    send: {
      caip2,
      // A held send asks for sponsorship again when it goes out: it was weighed without a fee.
      replay: { method: request.method, params: request.params, idempotencyKey: key, sponsor: true },
    },
  })
  const rpc = chainRpc(chain.rpcUrl)
  const authorization = transferAuthorization(getAddress(wallet.address), token.to, token.amount)
  // The member's key signs only once the sponsor's fee is reserved; a refusal before it gives the policy's budget
  // back, one after it keeps it (a valid authorisation exists until it expires).
  const { hash } = await submitSponsoredTransfer(
    context.sending,
    rpc,
    {
      userId: wallet.userId,
      wallet,
      chainId,
      chainName: name,
      idempotencyKey: key,
      usdc,
      transferData: data,
      authorization,
      sign: () =>
        authorized.withKey((privateKey) =>
          signTypedDataNatively(authorizationTypedData(domain, authorization), privateKey),
        ),
    },
    () => authorized.release(),
  )
  const line = await context.activity({
    signed: { method: 'eth_sendTransaction', caip2, hash },
    summary: `Sent ${what} on ${name} · network fee paid by Charter`,
    sendHash: hash,
  })
  return { data: { caip2, hash }, line }
}
