import { type SolanaCluster, solanaClusters } from '@charter/core'
import { encodeFunctionData, erc20Abi } from 'viem'
import { ApiError } from '../../lib/api.ts'
import { callChainRpc } from '../balances/index.ts'
import {
  deepFreeze,
  describeCall,
  fillSendFees,
  postWalletCall,
  type SignatureRequest,
  type SolanaSendCall,
  signatureRejectedError,
  transactionParams,
  type WalletCall,
  type WalletRuntime,
} from '../wallet/index.ts'
import { buildSolanaSend } from './buildSolanaSend.ts'
import { describeSolanaSend } from './describeSolanaSend.ts'
import type { SendOrder, SendOutcome } from './SendOrder.ts'

/** The bytes of a token account (SPL Token), whose rent a send pays when it creates one. */
const tokenAccountSize = 165

/**
 * Sends `order`: builds the call the wallet API takes (EVM: `eth_sendTransaction` with the gas and fees the
 * server would fill; Solana: `signAndSendTransaction` of a transaction built here, blockhash left to the server;
 * a sponsored send asks for it with `sponsor: true`, without fees on EVM, with the sponsor as fee payer on Solana),
 * shows it in the confirmation dialog, described from the very call that is posted, with the screen's warnings,
 * and posts it with a fresh idempotency key (a post that got no answer is posted again under it). A 403 of the
 * new-device hold is an outcome, not an error: the send waits.
 */
export async function submitSend(runtime: WalletRuntime, order: SendOrder): Promise<SendOutcome> {
  const { call, request } = order.chain.type === 'ethereum' ? await evmCall(order) : await solanaCall(order)
  const shown: SignatureRequest = { ...request, warnings: [...order.warnings, ...request.warnings] }
  const approved = await runtime.confirmations.ask(shown)
  if (!approved) {
    runtime.proxy
      .post((client) => client.api.v1.wallets[':id'].decline, {
        param: { id: order.wallet.id },
        json: { method: call.method },
      })
      .catch(() => undefined)
  }
  if (!approved || shown.refusal !== undefined) throw signatureRejectedError()
  try {
    const data = await postWalletCall<{ caip2: string; hash: string }>(runtime.proxy, order.wallet.id, call, {
      idempotencyKey: crypto.randomUUID(),
    })
    return { status: 'sent', walletId: order.wallet.id, caip2: data.caip2, hash: data.hash }
  } catch (error) {
    const held = heldUntil(error)
    if (held) return { status: 'held', ...held }
    throw error
  }
}

/** When the server held the send (403 `action_held`): the moment it opens (Unix seconds), and the request's id. */
function heldUntil(error: unknown): { opensAt: number; heldId: string | undefined } | undefined {
  if (!(error instanceof ApiError) || error.code !== 'action_held') return undefined
  const held = (error.body as { held_action?: { id?: unknown; opens_at?: unknown } } | undefined)?.held_action
  if (typeof held?.opens_at !== 'number') return undefined
  return { opensAt: held.opens_at, heldId: typeof held.id === 'string' ? held.id : undefined }
}

async function evmCall(order: SendOrder) {
  const { chain } = order
  const chainId = Number(chain.id)
  const usdc = chain.usdc?.address
  const fields =
    order.asset === 'usdc' && usdc
      ? {
          to: usdc,
          value: '0x0',
          data: encodeFunctionData({
            abi: erc20Abi,
            functionName: 'transfer',
            args: [order.to as `0x${string}`, order.amount],
          }),
        }
      : { to: order.to, value: `0x${order.amount.toString(16)}` }
  const asked = transactionParams(fields, chainId, 'eth_sendTransaction').transaction
  const caip2 = `eip155:${chainId}`
  // The sponsor's send is built by the server (an EIP-3009 authorisation it submits): the wallet pays no gas,
  // so none is estimated and no fee is set.
  const call: WalletCall = order.sponsor
    ? deepFreeze({ method: 'eth_sendTransaction', caip2, sponsor: true, params: { transaction: asked } })
    : deepFreeze({
        method: 'eth_sendTransaction',
        caip2,
        params: {
          transaction: await fillSendFees(
            (method, params) => callChainRpc(chain, method, params),
            asked,
            order.wallet.address,
          ),
        },
      })
  return { call, request: describeCall(call, order.wallet.address) }
}

async function solanaCall(order: SendOrder) {
  const { chain } = order
  const usdc = chain.usdc
  const [rent, transaction] = await Promise.all([
    order.createsTokenAccount
      ? callChainRpc(chain, 'getMinimumBalanceForRentExemption', [tokenAccountSize])
      : Promise.resolve(0),
    buildSolanaSend({
      from: order.wallet.address,
      to: order.to,
      asset:
        order.asset === 'usdc' && usdc
          ? {
              kind: 'token',
              mint: usdc.address,
              decimals: usdc.decimals,
              amount: order.amount,
              createRecipientAccount: order.createsTokenAccount,
            }
          : { kind: 'native', lamports: order.amount },
      feePayer: order.sponsor?.address,
    }),
  ])
  const call: SolanaSendCall = deepFreeze({
    method: 'signAndSendTransaction',
    ...(order.sponsor && { sponsor: true as const }),
    // Privy's id of the cluster (its genesis hash, cut to 32 characters); the local devnet stands in for devnet
    // and answers to devnet's.
    caip2: solanaClusters[chain.id as SolanaCluster].caip2,
    params: { transaction, encoding: 'base64' },
  })
  const request = describeSolanaSend(call, order.wallet.address, {
    chainName: chain.name,
    token: usdc ? { mint: usdc.address, symbol: 'USDC' } : undefined,
    tokenAccountRent: BigInt(rent as number),
    recipient: order.to,
    warnings: [],
    sponsor: order.sponsor?.address,
  })
  return { call, request }
}
