import {
  type BalanceChain,
  type Balances,
  getBalances,
  type JsonRpcClient,
  type JsonRpcRequest,
  ProviderRpcError,
} from '@charter/core'
import type { Address } from 'viem'
import { type Answer, answerOf, api, failureOf, unreachable } from '../../lib/api.ts'

// The one file that reaches the server's chain routes (`GET /api/v1/chains`, `POST /api/v1/rpc/{chainId}`,
// `POST /api/dev/faucet`) and core's balance reader. Everything else in `features/balances/` and
// `features/receive/` goes through these exports only.

/** A chain this server offers, as `GET /api/v1/chains` answers it (the server's own type). */
export type OfferedChain = Answer<Awaited<ReturnType<typeof api.v1.chains.$get>>>['chains'][number]

/** The asset a faucet call funds, as the faucet's body types it. */
export type FaucetAsset = Parameters<typeof api.dev.faucet.$post>[0]['json']['asset']

/** The chains this server offers, in its order. */
export async function getOfferedChains(): Promise<OfferedChain[]> {
  return (await answerOf(api.v1.chains.$get())).chains
}

/**
 * Core's JSON-RPC client over the same-origin proxy: one call (a single request or a batch), one HTTP POST with
 * the session's cookie. An answer that is not a 2xx rejects, with the server's or the node's own words.
 */
export const rpcClient: JsonRpcClient = {
  async request(url: string, body: JsonRpcRequest | readonly JsonRpcRequest[]): Promise<unknown> {
    let response: Response
    try {
      response = await fetch(url, {
        method: 'POST',
        credentials: 'same-origin',
        headers: { accept: 'application/json', 'content-type': 'application/json' },
        body: JSON.stringify(body),
      })
    } catch (cause) {
      throw unreachable(cause)
    }
    const answer: unknown = await response.json().catch(() => undefined)
    if (!response.ok) throw failureOf(response, answer)
    return answer
  },
}

/** What core's reader needs of an offered chain: its kind, its id, its proxy as the URL, and USDC's address. */
function balanceChainOf(chain: OfferedChain): BalanceChain {
  if (chain.type === 'ethereum' && typeof chain.id === 'number') {
    return { type: 'ethereum', id: chain.id, rpcUrl: chain.rpcPath, usdc: chain.usdc?.address as Address }
  }
  if (chain.type === 'solana' && typeof chain.id === 'string') {
    return { type: 'solana', id: chain.id, rpcUrl: chain.rpcPath, usdcMint: chain.usdc?.address }
  }
  throw new Error(`The server offers ${chain.name} with an id that does not fit its type`)
}

/**
 * `address`'s native and USDC balances on `chain` (one request, through core's `getBalances`). Throws core's
 * `BalanceReadError` when the chain could not be read, so the chain's query fails alone.
 */
export async function readChainBalances(chain: OfferedChain, address: string): Promise<Balances> {
  const [read] = await getBalances(rpcClient, { address, chains: [balanceChainOf(chain)] })
  if (!read) throw new Error(`No answer for ${chain.name}`)
  if (read.balances === null) throw read.error
  return read.balances
}

/** Funds `address` on a local chain from the dev faucet (embedded mode only); `amount` in whole units ('10'). */
export async function requestTestFunds(input: {
  address: string
  chainId: OfferedChain['id']
  asset: FaucetAsset
  amount: string
}): Promise<void> {
  await answerOf(api.dev.faucet.$post({ json: input }))
}

/**
 * Whether `address` holds code (a contract) on the EVM chain `chainId`, read through the chain's proxy
 * (`eth_getCode`). Throws when the server does not offer that chain or it did not answer: then nobody knows.
 */
export async function hasContractCode(chainId: number, address: string): Promise<boolean> {
  const answer = (await rpcClient.request(`/api/v1/rpc/${chainId}`, {
    jsonrpc: '2.0',
    id: 1,
    method: 'eth_getCode',
    params: [address, 'latest'],
  })) as { result?: unknown; error?: { message?: string } }
  if (typeof answer.result !== 'string') throw new Error(answer.error?.message ?? 'no answer')
  return answer.result !== '0x' && answer.result !== '0x0'
}

/**
 * One JSON-RPC call to an offered chain's node through its same-origin proxy (`rpcPath`), for the wallet's
 * EIP-1193 reads: the node's `result`, or its own refusal as a `ProviderRpcError` with the node's code, message
 * and data. A refusal of Charter's (no session, a chain not offered, a rate) rejects as `ApiError`.
 */
export async function callChainRpc(
  chain: Pick<OfferedChain, 'rpcPath'>,
  method: string,
  params: readonly unknown[],
): Promise<unknown> {
  const answer = (await rpcClient.request(chain.rpcPath, { jsonrpc: '2.0', id: 1, method, params })) as {
    result?: unknown
    error?: { code?: unknown; message?: unknown; data?: unknown }
  }
  if (answer.error) {
    const { code, message, data } = answer.error
    throw new ProviderRpcError(
      typeof code === 'number' ? code : -32603,
      typeof message === 'string' ? message : 'The chain’s node refused the request',
      { data },
    )
  }
  return answer.result ?? null
}
