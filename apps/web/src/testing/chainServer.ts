import { getChain, solanaClusters, solanaUsdcMints, usdcAddresses } from '@charter/core'
import {
  type Address,
  decodeFunctionData,
  encodeFunctionResult,
  erc20Abi,
  type Hex,
  multicall3Abi,
  numberToHex,
  parseUnits,
} from 'viem'
import type { OfferedChain } from '../features/balances/index.ts'
import { type AnswerTo, answer, refuse, type StubRoutes } from './stubAnswers.ts'
import type { ApiCall } from './stubApi.ts'

type RpcAnswer =
  AnswerTo<'POST /api/v1/rpc/:chainId'> extends infer Each
    ? Each extends readonly (infer One)[]
      ? One
      : never
    : never

/** A local EVM chain as the embedded server offers it. */
export const localEvmChain = (id: 84532 | 421614): OfferedChain => {
  const chain = getChain(id)
  return {
    id,
    type: 'ethereum',
    name: chain.name,
    nativeCurrency: chain.nativeCurrency,
    usdc: { address: usdcAddresses[id], decimals: 6 },
    explorer: null,
    testnet: true,
    local: true,
    rpcPath: `/api/v1/rpc/${id}`,
    new_device_send_limit: { native: '0.05', usdc: '100' },
    // The embedded server's sandbox funds each local devnet as the mainnet network it stands for.
    onramp_network: id === 84532 ? 'base' : 'arbitrum',
  }
}

/** The local Solana cluster as the embedded server offers it (devnet's name and USDC mint). */
export const localSolana: OfferedChain = {
  id: 'devnet',
  type: 'solana',
  name: solanaClusters.devnet.name,
  nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 },
  usdc: { address: solanaUsdcMints.devnet, decimals: 6 },
  explorer: null,
  testnet: true,
  local: true,
  rpcPath: '/api/v1/rpc/devnet',
  new_device_send_limit: { native: '1', usdc: '100' },
  onramp_network: 'solana',
}

/** A remote mainnet, as a production server offers one. */
export const remoteBase: OfferedChain = {
  id: 8453,
  type: 'ethereum',
  name: getChain(8453).name,
  nativeCurrency: getChain(8453).nativeCurrency,
  usdc: { address: usdcAddresses[8453], decimals: 6 },
  explorer: { name: 'Basescan', url: 'https://basescan.org' },
  testnet: false,
  local: false,
  rpcPath: '/api/v1/rpc/8453',
  new_device_send_limit: { native: '0.05', usdc: '100' },
  onramp_network: 'base',
}

/** What the embedded server offers: Base Sepolia, Arbitrum Sepolia and Solana, all local. */
export const embeddedChains = (): OfferedChain[] => [localEvmChain(84532), localEvmChain(421614), localSolana]

/** Multicall3, at its usual address on every EVM chain. */
export const multicall3Address = '0xcA11bde05977b3631167028862bE2a173976CA11'
const multicall3 = multicall3Address

type Holding = { native: bigint; usdc: bigint }
type RpcRequest = { jsonrpc?: string; id?: number | string; method: string; params?: unknown[] }

export type ChainServerOptions = {
  chains?: OfferedChain[]
  /** Whether `/api/dev/faucet` exists (embedded mode only). */
  faucet?: boolean
}

/**
 * The server's chain routes as the browser meets them: `GET /api/v1/chains`, the JSON-RPC proxy
 * `POST /api/v1/rpc/{chainId}` over an in-memory ledger, and the dev faucet that credits it. The proxy answers
 * the reads a balance reader makes (`eth_getBalance`, `eth_call` of USDC's `balanceOf` directly or through
 * Multicall3's `aggregate3`/`getEthBalance`, `eth_getCode`, Solana's `getBalance`, `getTokenAccountsByOwner`,
 * `getAccountInfo` of the mint), single or batched; a chain in `failing` answers each call with the JSON-RPC
 * error the server's proxy gives when the chain's node is down (-32002). Each route answers what the server
 * answers it (`StubRoutes`, typed by `AppType`).
 */
export function chainServer(options: ChainServerOptions = {}) {
  const chains = options.chains ?? embeddedChains()
  const ledger = new Map<string, Holding>()
  const failing = new Set<string>()
  /** Every faucet call, in order. */
  const faucetCalls: { address: string; chainId: OfferedChain['id']; asset: string; amount: string }[] = []
  /** How many proxy requests each chain got (a batch is one). */
  const rpcRequests = new Map<string, number>()
  /** Addresses (by chain) that have sent a transaction: their nonce is above 0. */
  const used = new Set<string>()

  const keyOf = (chainId: string, address: string) =>
    `${chainId}:${address.startsWith('0x') ? address.toLowerCase() : address}`
  const holding = (chainId: string, address: string): Holding =>
    ledger.get(keyOf(chainId, address)) ?? { native: 0n, usdc: 0n }
  const findChain = (chainId: string) => chains.find((chain) => String(chain.id) === chainId)

  const evm = (chain: OfferedChain, request: RpcRequest): RpcAnswer['result'] => {
    const id = String(chain.id)
    const params = request.params ?? []
    const balanceOf = (address: string) => holding(id, address)
    const call = (to: string, data: Hex): Hex => {
      if (to.toLowerCase() === chain.usdc?.address.toLowerCase()) {
        const { functionName, args } = decodeFunctionData({ abi: erc20Abi, data })
        if (functionName === 'decimals')
          return encodeFunctionResult({ abi: erc20Abi, functionName, result: 6 })
        if (functionName !== 'balanceOf') throw new Error(`the stand-in's token has no ${functionName}`)
        return encodeFunctionResult({ abi: erc20Abi, functionName, result: balanceOf(args[0]).usdc })
      }
      if (to.toLowerCase() === multicall3.toLowerCase()) {
        const decoded = decodeFunctionData({ abi: multicall3Abi, data })
        if (decoded.functionName === 'getEthBalance') {
          return encodeFunctionResult({
            abi: multicall3Abi,
            functionName: 'getEthBalance',
            result: balanceOf(decoded.args[0]).native,
          })
        }
        if (decoded.functionName === 'aggregate3') {
          const result = decoded.args[0].map((inner) => ({
            success: true,
            returnData: call(inner.target, inner.callData),
          }))
          return encodeFunctionResult({ abi: multicall3Abi, functionName: 'aggregate3', result })
        }
        throw new Error(`the stand-in's Multicall3 has no ${decoded.functionName}`)
      }
      return '0x'
    }
    switch (request.method) {
      case 'eth_chainId':
        return numberToHex(Number(chain.id))
      case 'eth_blockNumber':
        return '0x1'
      case 'eth_getBalance':
        return numberToHex(balanceOf(params[0] as string).native)
      case 'eth_getCode': {
        const address = (params[0] as string).toLowerCase()
        return address === chain.usdc?.address.toLowerCase() || address === multicall3.toLowerCase()
          ? '0x6080'
          : '0x'
      }
      case 'eth_call': {
        const { to, data } = params[0] as { to: Address; data: Hex }
        return call(to, data)
      }
      // Fees as a quiet chain quotes them: a 21 000-gas transfer, 65 000 for a call; 1 gwei base fee and tip.
      case 'eth_estimateGas': {
        const { data } = params[0] as { data?: Hex }
        return numberToHex(data !== undefined && data !== '0x' ? 65_000 : 21_000)
      }
      case 'eth_maxPriorityFeePerGas':
      case 'eth_gasPrice':
        return numberToHex(1_000_000_000)
      case 'eth_getBlockByNumber':
        return { number: '0x1', baseFeePerGas: numberToHex(1_000_000_000) }
      // One block, half full, its median tip the same 1 gwei.
      case 'eth_feeHistory':
        return {
          oldestBlock: '0x1',
          baseFeePerGas: [numberToHex(1_000_000_000), numberToHex(1_000_000_000)],
          gasUsedRatio: [0.5],
          reward: [[numberToHex(1_000_000_000)]],
        }
      // An address that ever sent has a nonce: the stand-in's senders are those a test marks as used.
      case 'eth_getTransactionCount':
        return numberToHex(used.has(keyOf(id, params[0] as string)) ? 1 : 0)
      default:
        throw new Error(`${request.method} is not stood in for`)
    }
  }

  const solana = (chain: OfferedChain, request: RpcRequest): RpcAnswer['result'] => {
    const id = String(chain.id)
    const params = request.params ?? []
    const context = { slot: 1 }
    switch (request.method) {
      case 'getBalance':
        return { context, value: Number(holding(id, params[0] as string).native) }
      case 'getTokenAccountsByOwner': {
        const owner = params[0] as string
        const { mint } = params[1] as { mint: string }
        const amount = holding(id, owner).usdc
        if (mint !== chain.usdc?.address || amount === 0n) return { context, value: [] }
        const tokenAmount = { amount: String(amount), decimals: 6, uiAmountString: '' }
        const parsed = { type: 'account', info: { mint, owner, tokenAmount } }
        const data = { program: 'spl-token', parsed, space: 165 }
        return {
          context,
          value: [{ pubkey: `${owner.slice(0, 8)}TokenAccount`, account: { data, lamports: 2039280 } }],
        }
      }
      case 'getMinimumBalanceForRentExemption':
        return Math.ceil(((params[0] as number) + 128) * 6960)
      case 'getAccountInfo': {
        // An account that holds SOL exists (owned by the System program); a token account is looked up by the
        // owner's holdings, so only the mint answers here.
        if (params[0] !== chain.usdc?.address) {
          const lamports = holding(id, params[0] as string).native
          return {
            context,
            value:
              lamports > 0n
                ? {
                    data: ['', 'base64'],
                    lamports: Number(lamports),
                    owner: '11111111111111111111111111111111',
                  }
                : null,
          }
        }
        const parsed = { type: 'mint', info: { decimals: 6, isInitialized: true, supply: '0' } }
        return { context, value: { data: { program: 'spl-token', parsed, space: 82 }, lamports: 1 } }
      }
      default:
        throw new Error(`${request.method} is not stood in for`)
    }
  }

  const answerOne = (chain: OfferedChain, request: RpcRequest): RpcAnswer => {
    if (failing.has(String(chain.id))) {
      return {
        jsonrpc: '2.0',
        id: request.id ?? null,
        error: { code: -32002, message: `${chain.name}'s node is not available right now. Try again later.` },
      }
    }
    try {
      const result = chain.type === 'ethereum' ? evm(chain, request) : solana(chain, request)
      return { jsonrpc: '2.0', id: request.id ?? null, result }
    } catch (error) {
      return {
        jsonrpc: '2.0',
        id: request.id ?? null,
        error: { code: -32601, message: error instanceof Error ? error.message : String(error) },
      }
    }
  }

  const rpc = (call: ApiCall, params: Record<string, string> = {}) => {
    const chainId = params.chainId ?? ''
    const chain = findChain(chainId)
    if (!chain) return refuse({ error: `No chain ${chainId} here.`, code: 'chain_not_offered' }, 404)
    rpcRequests.set(chainId, (rpcRequests.get(chainId) ?? 0) + 1)
    const body = call.body as RpcRequest | RpcRequest[]
    return answer<AnswerTo<'POST /api/v1/rpc/:chainId'>>(
      Array.isArray(body) ? body.map((one) => answerOne(chain, one)) : answerOne(chain, body),
    )
  }

  const faucet = (call: ApiCall) => {
    const body = call.body as {
      address: string
      chainId: OfferedChain['id']
      asset: 'native' | 'USDC'
      amount: string
    }
    const chain = findChain(String(body.chainId))
    if (!chain?.local) return refuse({ error: 'chainId: not a local chain.', code: 'invalid_data' }, 400)
    if (!/^\d+(\.\d+)?$/.test(body.amount) || Number(body.amount) > 1000) {
      return refuse({ error: 'amount: not a sane amount.', code: 'invalid_data' }, 400)
    }
    faucetCalls.push(body)
    const id = String(chain.id)
    const now = holding(id, body.address)
    ledger.set(
      keyOf(id, body.address),
      body.asset === 'USDC'
        ? { ...now, usdc: now.usdc + parseUnits(body.amount, 6) }
        : { ...now, native: now.native + parseUnits(body.amount, chain.nativeCurrency.decimals) },
    )
    return answer<AnswerTo<'POST /api/dev/faucet'>>({ ...body, chainId: chain.id })
  }

  const routes: StubRoutes = {
    'GET /api/v1/chains': () => answer({ chains }),
    'POST /api/v1/rpc/:chainId': rpc,
    ...(options.faucet !== false && { 'POST /api/dev/faucet': faucet }),
  }

  return {
    routes,
    chains,
    faucetCalls,
    rpcRequests,
    /** Marks `address` as one that has sent on a chain (its nonce is 1). */
    markUsed(chainId: OfferedChain['id'], address: string) {
      used.add(keyOf(String(chainId), address))
    },
    /** Sets what `address` holds on a chain, in base units. */
    fund(chainId: OfferedChain['id'], address: string, holdingNow: Partial<Holding>) {
      const id = String(chainId)
      ledger.set(keyOf(id, address), { ...holding(id, address), ...holdingNow })
    },
    /** Makes a chain's node dead (every call answered -32002, as the proxy does) or alive again. */
    fail(chainId: OfferedChain['id'], dead = true) {
      if (dead) failing.add(String(chainId))
      else failing.delete(String(chainId))
    },
  }
}
