import { type Address, decodeFunctionResult, encodeFunctionData, erc20Abi } from 'viem'
import { ApiError } from '../../lib/api.ts'

// The one file that reaches the server's chain routes (`GET /api/v1/chains`, `POST /api/v1/rpc/{chainId}`,
// `POST /api/dev/faucet`) and the balance reader. Those land with the server's part of issue 15; until then the
// shapes below are written by hand from its description, and the reader is a small stand-in with core's
// signature. Everything else in `features/balances/` and `features/receive/` goes through these exports only.

/** A Solana cluster as `GET /api/v1/chains` names it. */
export type SolanaClusterName = 'mainnet-beta' | 'devnet' | 'testnet'

/**
 * A chain this server offers, as `GET /api/v1/chains` answers it.
 * TODO(integrator): `export type OfferedChain = Answer<…chains.$get…>['chains'][number]` from the typed client.
 */
export type OfferedChain = {
  id: number | SolanaClusterName
  type: 'ethereum' | 'solana'
  name: string
  nativeCurrency: { name: string; symbol: string; decimals: number }
  usdc: { address: string; decimals: number } | null
  /** None for a local chain: nothing there is on a public explorer. */
  explorer: { name: string; url: string } | null
  testnet: boolean
  local: boolean
  /** The same-origin JSON-RPC proxy of this chain, '/api/v1/rpc/84532'. */
  rpcPath: string
}

/** One chain's balances of one address, as core's `getBalances` answers each chain (bigint base units). */
export type ChainBalance = {
  chain: OfferedChain
  native: bigint
  usdc: { amount: bigint; decimals: number } | null
}

/** The asset a faucet call funds. */
export type FaucetAsset = 'native' | 'USDC'

const readJson = async (response: Response): Promise<unknown> => {
  const body: unknown = await response.json().catch(() => undefined)
  if (!response.ok) {
    const { error, code } = (body ?? {}) as { error?: string; code?: string | number }
    throw new ApiError(
      error ?? `The server answered ${response.status}.`,
      response.status,
      code ?? response.status,
    )
  }
  return body
}

const send = async (path: string, init?: RequestInit): Promise<unknown> => {
  let response: Response
  try {
    response = await fetch(path, {
      ...init,
      credentials: 'same-origin',
      headers: { accept: 'application/json', 'content-type': 'application/json' },
    })
  } catch (cause) {
    throw new ApiError(
      'Charter’s server cannot be reached. Check your connection and try again.',
      0,
      'network_error',
      { cause },
    )
  }
  return readJson(response)
}

/**
 * The chains this server offers, in its order.
 * TODO(integrator): `(await answerOf(api.v1.chains.$get())).chains`.
 */
export async function getOfferedChains(): Promise<OfferedChain[]> {
  const answer = (await send('/api/v1/chains')) as { chains: OfferedChain[] }
  return answer.chains
}

/** A JSON-RPC client over the same-origin proxy: one call, one HTTP request (the shape core's reader takes). */
export const rpcClient = {
  request: (url: string, body: unknown): Promise<unknown> =>
    send(url, { method: 'POST', body: JSON.stringify(body) }),
}

/**
 * `address`'s native and USDC balance on `chain`, or null when the chain could not be read (core's rule: a
 * failed chain is null, never a failed page).
 * TODO(integrator): `(await getBalances(rpcClient, { address, chains: [chain] }))[0] ?? null`, with
 * `getBalances` imported from '@charter/core', and delete `readOneChain` below.
 */
export async function readChainBalance(chain: OfferedChain, address: string): Promise<ChainBalance | null> {
  try {
    return await readOneChain(chain, address)
  } catch {
    return null
  }
}

/**
 * Funds `address` on a local chain from the dev faucet (embedded mode only); `amount` in whole units ('10').
 * TODO(integrator): `answerOf(api.dev.faucet.$post({ json: { address, chainId, asset, amount } }))`.
 */
export async function requestTestFunds(input: {
  address: string
  chainId: OfferedChain['id']
  asset: FaucetAsset
  amount: string
}): Promise<void> {
  await send('/api/dev/faucet', { method: 'POST', body: JSON.stringify(input) })
}

/** One JSON-RPC answer, and one call of a batch. */
type RpcAnswer = { id: number; result?: unknown; error?: { message: string } }
type RpcCall = { method: string; params: unknown[] }

/**
 * Whether `address` holds code (a contract) on the EVM chain `chainId`, read through the chain's proxy
 * (`eth_getCode`). Throws when the server does not offer that chain or it did not answer: then nobody knows.
 * TODO(integrator): keep; only `rpcClient` changes if the proxy gets a typed client.
 */
export async function hasContractCode(chainId: number, address: string): Promise<boolean> {
  const answer = (await rpcClient.request(`/api/v1/rpc/${chainId}`, {
    jsonrpc: '2.0',
    id: 1,
    method: 'eth_getCode',
    params: [address, 'latest'],
  })) as RpcAnswer
  if (typeof answer.result !== 'string') throw new Error(answer.error?.message ?? 'no answer')
  return answer.result !== '0x' && answer.result !== '0x0'
}

// ---- The stand-in reader: one JSON-RPC batch per chain. TODO(integrator): delete, core's `getBalances` replaces it.

async function batch(chain: OfferedChain, calls: RpcCall[]) {
  const answers = (await rpcClient.request(
    chain.rpcPath,
    calls.map((call, id) => ({ jsonrpc: '2.0', id, ...call })),
  )) as RpcAnswer[]
  return calls.map((_, id) => {
    const found = answers.find((one) => one.id === id)
    if (!found || found.error || found.result === undefined)
      throw new Error(found?.error?.message ?? 'no answer')
    return found.result
  })
}

async function readOneChain(chain: OfferedChain, address: string): Promise<ChainBalance> {
  if (chain.type === 'ethereum') {
    const calls: RpcCall[] = [{ method: 'eth_getBalance', params: [address, 'latest'] }]
    if (chain.usdc) {
      const data = encodeFunctionData({
        abi: erc20Abi,
        functionName: 'balanceOf',
        args: [address as Address],
      })
      calls.push({ method: 'eth_call', params: [{ to: chain.usdc.address, data }, 'latest'] })
    }
    const [native, usdc] = await batch(chain, calls)
    return {
      chain,
      native: BigInt(native as string),
      usdc: chain.usdc
        ? {
            amount: decodeFunctionResult({
              abi: erc20Abi,
              functionName: 'balanceOf',
              data: usdc as `0x${string}`,
            }),
            decimals: chain.usdc.decimals,
          }
        : null,
    }
  }
  const calls: RpcCall[] = [{ method: 'getBalance', params: [address] }]
  if (chain.usdc) {
    calls.push({
      method: 'getTokenAccountsByOwner',
      params: [address, { mint: chain.usdc.address }, { encoding: 'jsonParsed' }],
    })
  }
  const [lamports, accounts] = await batch(chain, calls)
  type TokenAccounts = {
    value: { account: { data: { parsed: { info: { tokenAmount: { amount: string } } } } } }[]
  }
  return {
    chain,
    native: BigInt((lamports as { value: number }).value),
    usdc: chain.usdc
      ? {
          amount: (accounts as TokenAccounts).value.reduce(
            (sum, one) => sum + BigInt(one.account.data.parsed.info.tokenAmount.amount),
            0n,
          ),
          decimals: chain.usdc.decimals,
        }
      : null,
  }
}
