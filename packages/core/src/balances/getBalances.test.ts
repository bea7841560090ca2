import { decodeFunctionData, encodeFunctionResult, parseAbi } from 'viem'
import { describe, expect, it } from 'vitest'
import { BaseError } from '../errors/BaseError.ts'
import { formatWei } from '../format/formatWei.ts'
import type { EvmBalanceChain, SolanaBalanceChain } from './BalanceChain.ts'
import { BalanceReadError } from './BalanceReadError.ts'
import { formatBalance } from './formatBalance.ts'
import { getBalances } from './getBalances.ts'
import type { JsonRpcClient, JsonRpcRequest } from './JsonRpcClient.ts'
import { multicall3Address } from './multicall3Address.ts'

const owner = '0x1111111111111111111111111111111111111111'
const solanaOwner = '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM'
const usdc = '0x036CbD53842c5426634e7929541eC2318f3dCF7e'
const mint = '4zMMC9srt5Ri5X14GAgXhaHii3GnPAEERYPJgZJDncDU'

const aggregate3Abi = parseAbi([
  'struct Result { bool success; bytes returnData; }',
  'function aggregate3((address target, bool allowFailure, bytes callData)[] calls) payable returns (Result[] returnData)',
])
const uint = (value: bigint) => `0x${value.toString(16).padStart(64, '0')}` as const

type Answerer = (request: JsonRpcRequest, url: string) => unknown

/** A client that answers each request from canned values by method, and records every HTTP request it was sent. */
function cannedClient(answer: Answerer) {
  const sent: { url: string; body: JsonRpcRequest | readonly JsonRpcRequest[] }[] = []
  const client: JsonRpcClient = {
    async request(url, body) {
      sent.push({ url, body })
      const one = (request: JsonRpcRequest) => {
        const result = answer(request, url)
        if (result instanceof Error) throw result
        return result && typeof result === 'object' && 'error' in result
          ? { jsonrpc: '2.0', id: request.id, ...result }
          : { jsonrpc: '2.0', id: request.id, result }
      }
      return Array.isArray(body) ? body.map(one) : one(body as JsonRpcRequest)
    },
  }
  return { client, sent }
}

const multicallAnswer = (results: { success: boolean; returnData: `0x${string}` }[]) =>
  encodeFunctionResult({ abi: aggregate3Abi, functionName: 'aggregate3', result: results })

const base: EvmBalanceChain = { type: 'ethereum', id: 84532, rpcUrl: 'https://base.example/rpc', usdc }
const arbitrum: EvmBalanceChain = { type: 'ethereum', id: 421614, rpcUrl: 'https://arb.example/rpc' }
const solana: SolanaBalanceChain = {
  type: 'solana',
  id: 'devnet',
  rpcUrl: 'https://sol.example',
  usdcMint: mint,
}

const tokenAccount = (amount: string) => ({
  pubkey: 'x',
  account: { data: { parsed: { info: { mint, tokenAmount: { amount, decimals: 6, uiAmount: 0.1 } } } } },
})

const solanaAnswers =
  (accounts: unknown[], mintAccount: unknown = { data: { parsed: { info: { decimals: 6 } } } }): Answerer =>
  (request) => {
    if (request.method === 'getBalance') return { context: { slot: 1 }, value: 2_500_000_000 }
    if (request.method === 'getTokenAccountsByOwner') return { context: { slot: 1 }, value: accounts }
    if (request.method === 'getAccountInfo') return { context: { slot: 1 }, value: mintAccount }
    return { error: { code: -32601, message: 'no' } }
  }

describe('getBalances on EVM chains', () => {
  it('reads native and USDC with one eth_call to Multicall3 per chain, and decodes both', async () => {
    const { client, sent } = cannedClient((request) => {
      expect(request.method).toBe('eth_call')
      expect((request.params[0] as { to: string }).to).toBe(multicall3Address)
      return multicallAnswer([
        { success: true, returnData: uint(1_500_000_000_000_000_000n) },
        { success: true, returnData: uint(10_250_000n) },
      ])
    })
    const [reading] = await getBalances(client, { address: owner, chains: [base] })
    expect(reading).toEqual({
      chain: base,
      balances: {
        native: 1_500_000_000_000_000_000n,
        nativeDecimals: 18,
        usdc: { amount: 10_250_000n, decimals: 6 },
      },
      error: null,
    })
    expect(sent).toHaveLength(1)
    expect(formatWei(reading?.balances?.native ?? 0n)).toBe('1.5')
    expect(formatBalance(reading?.balances?.usdc ?? { amount: 0n, decimals: 6 })).toBe('10.25')
  })

  it('asks Multicall3 for getEthBalance and balanceOf of the owner, each allowed to fail', async () => {
    const { client, sent } = cannedClient(() =>
      multicallAnswer([
        { success: true, returnData: uint(1n) },
        { success: true, returnData: uint(2n) },
      ]),
    )
    await getBalances(client, { address: owner, chains: [base] })
    const request = sent[0]?.body as JsonRpcRequest
    const { data } = request.params[0] as { data: `0x${string}` }
    const { args } = decodeFunctionData({ abi: aggregate3Abi, data })
    expect(args[0]).toEqual([
      {
        target: multicall3Address,
        allowFailure: true,
        callData: `0x4d2301cc${owner.slice(2).padStart(64, '0')}`,
      },
      { target: usdc, allowFailure: true, callData: `0x70a08231${owner.slice(2).padStart(64, '0')}` },
    ])
    expect(request.params[1]).toBe('latest')
  })

  it('makes exactly one request per chain, to each chain’s own URL, concurrently', async () => {
    let inFlight = 0
    let most = 0
    const { client, sent } = cannedClient(() =>
      multicallAnswer([
        { success: true, returnData: uint(7n) },
        { success: true, returnData: uint(8n) },
      ]),
    )
    const counting: JsonRpcClient = {
      async request(url, body) {
        inFlight++
        most = Math.max(most, inFlight)
        await new Promise((resolve) => setTimeout(resolve, 10))
        inFlight--
        return client.request(url, body)
      },
    }
    const chains = [
      base,
      { ...base, id: 8453, rpcUrl: 'https://mainnet.example' },
      { ...base, id: 1, rpcUrl: 'https://eth.example' },
    ]
    const readings = await getBalances(counting, { address: owner, chains })
    expect(sent.map((each) => each.url)).toEqual(chains.map((chain) => chain.rpcUrl))
    expect(most).toBe(3)
    expect(readings.map((each) => each.balances?.usdc?.amount)).toEqual([8n, 8n, 8n])
  })

  it('reads only the native balance on a chain without USDC', async () => {
    const { client } = cannedClient(() => multicallAnswer([{ success: true, returnData: uint(5n) }]))
    const [reading] = await getBalances(client, { address: owner, chains: [arbitrum] })
    expect(reading?.balances).toEqual({ native: 5n, nativeDecimals: 18, usdc: null })
  })

  it('reads with one JSON-RPC batch where there is no Multicall3', async () => {
    const { client, sent } = cannedClient((request) =>
      request.method === 'eth_getBalance' ? '0xde0b6b3a7640000' : uint(3_000_000n),
    )
    const [reading] = await getBalances(client, { address: owner, chains: [{ ...base, multicall3: null }] })
    expect(reading?.balances).toEqual({
      native: 10n ** 18n,
      nativeDecimals: 18,
      usdc: { amount: 3_000_000n, decimals: 6 },
    })
    expect(sent).toHaveLength(1)
    expect((sent[0]?.body as JsonRpcRequest[] | undefined)?.map((each) => each.method)).toEqual([
      'eth_getBalance',
      'eth_call',
    ])
  })

  it('gives null for a chain whose USDC call failed, rather than a 0 that is not known', async () => {
    const { client } = cannedClient(() =>
      multicallAnswer([
        { success: true, returnData: uint(1n) },
        { success: false, returnData: '0x' },
      ]),
    )
    const [reading] = await getBalances(client, { address: owner, chains: [base] })
    expect(reading?.balances).toBeNull()
    expect(reading?.error?.details).toContain('balanceOf failed')
  })

  it('gives null for a USDC address without code (an empty return), not 0', async () => {
    const { client } = cannedClient(() =>
      multicallAnswer([
        { success: true, returnData: uint(1n) },
        { success: true, returnData: '0x' },
      ]),
    )
    const [reading] = await getBalances(client, { address: owner, chains: [base] })
    expect(reading?.balances).toBeNull()
  })
})

describe('getBalances on Solana', () => {
  it('reads SOL and USDC in one batch, summing two token accounts of the mint exactly', async () => {
    const { client, sent } = cannedClient(
      solanaAnswers([tokenAccount('9007199254740993'), tokenAccount('7')]),
    )
    const [reading] = await getBalances(client, { address: solanaOwner, chains: [solana] })
    expect(reading?.balances).toEqual({
      native: 2_500_000_000n,
      nativeDecimals: 9,
      usdc: { amount: 9_007_199_254_741_000n, decimals: 6 },
    })
    expect(sent).toHaveLength(1)
    const batch = sent[0]?.body as JsonRpcRequest[]
    expect(batch.map((each) => each.method)).toEqual([
      'getBalance',
      'getTokenAccountsByOwner',
      'getAccountInfo',
    ])
    expect(batch[1]?.params).toEqual([solanaOwner, { mint }, { encoding: 'jsonParsed' }])
    expect(batch[2]?.params).toEqual([mint, { encoding: 'jsonParsed' }])
    expect(formatBalance({ amount: 2_500_000_000n, decimals: 9 })).toBe('2.5')
  })

  it('reads 0 USDC for an owner with no token account', async () => {
    const { client } = cannedClient(solanaAnswers([]))
    const [reading] = await getBalances(client, { address: solanaOwner, chains: [solana] })
    expect(reading?.balances?.usdc).toEqual({ amount: 0n, decimals: 6 })
  })

  it('matches a batch answered out of order by id', async () => {
    const { client } = cannedClient(solanaAnswers([tokenAccount('5')]))
    const reversing: JsonRpcClient = {
      request: async (url, body) => ((await client.request(url, body)) as unknown[]).reverse(),
    }
    const [reading] = await getBalances(reversing, { address: solanaOwner, chains: [solana] })
    expect(reading?.balances?.native).toBe(2_500_000_000n)
    expect(reading?.balances?.usdc?.amount).toBe(5n)
  })

  it('skips the token reads on a cluster without USDC', async () => {
    const { client, sent } = cannedClient(solanaAnswers([]))
    const [reading] = await getBalances(client, {
      address: solanaOwner,
      chains: [{ type: 'solana', id: 'testnet', rpcUrl: 'https://t.example' }],
    })
    expect(reading?.balances).toEqual({ native: 2_500_000_000n, nativeDecimals: 9, usdc: null })
    expect((sent[0]?.body as JsonRpcRequest[] | undefined)?.map((each) => each.method)).toEqual([
      'getBalance',
    ])
  })
})

describe('getBalances when a chain fails', () => {
  it('gives null for the failing chain and reads the others', async () => {
    const { client } = cannedClient((_request, url) => {
      if (url === arbitrum.rpcUrl) return new Error('fetch failed: ECONNREFUSED')
      return multicallAnswer([
        { success: true, returnData: uint(1n) },
        { success: true, returnData: uint(2n) },
      ])
    })
    const [ok, failed] = await getBalances(client, { address: owner, chains: [base, arbitrum] })
    expect(ok?.balances?.usdc?.amount).toBe(2n)
    expect(failed?.balances).toBeNull()
    expect(failed?.error).toBeInstanceOf(BalanceReadError)
    expect(failed?.error).toBeInstanceOf(BaseError)
    expect(failed?.error?.shortMessage).toBe('Could not read the balances on chain 421614')
    expect(failed?.error?.code).toBe('balance_unavailable')
    expect(failed?.error?.message).not.toContain('arb.example')
  })

  it('gives null for a JSON-RPC error entry', async () => {
    const { client } = cannedClient((request) =>
      request.method === 'getTokenAccountsByOwner'
        ? { error: { code: -32602, message: 'Invalid param: WrongSize' } }
        : solanaAnswers([])(request, ''),
    )
    const [reading] = await getBalances(client, { address: 'short', chains: [solana] })
    expect(reading?.balances).toBeNull()
    expect(reading?.error?.details).toContain('Invalid param: WrongSize')
  })

  it.each([
    ['no answer at all', null],
    ['a string', 'hello'],
    ['an HTML page', '<html>502</html>'],
    ['a result that is not hex', { jsonrpc: '2.0', id: 1, result: 'zz' }],
    ['a result of the wrong length', { jsonrpc: '2.0', id: 1, result: '0x1234' }],
    ['an answer to another id', { jsonrpc: '2.0', id: 99, result: '0x' }],
    ['no result', { jsonrpc: '2.0', id: 1 }],
  ])('gives null for a malformed EVM answer: %s', async (_name, answer) => {
    const client: JsonRpcClient = { request: async () => answer }
    const [reading] = await getBalances(client, { address: owner, chains: [base] })
    expect(reading?.balances).toBeNull()
    expect(reading?.error).toBeInstanceOf(BalanceReadError)
  })

  it.each([
    ['lamports as a string', { getBalance: { value: '5' } }],
    ['negative lamports', { getBalance: { value: -1 } }],
    [
      'a uiAmount only',
      { accounts: [{ account: { data: { parsed: { info: { tokenAmount: { uiAmount: 1 } } } } } }] },
    ],
    ['an amount with a point', { accounts: [tokenAccount('1.5')] }],
    ['a mint that does not exist', { mint: null }],
    ['a mint without decimals', { mint: { data: { parsed: { info: {} } } } }],
    ['base64 data instead of parsed', { accounts: [{ account: { data: ['AAAA', 'base64'] } }] }],
  ])('gives null for a malformed Solana answer: %s', async (_name, broken) => {
    const answers = solanaAnswers(
      'accounts' in broken ? broken.accounts : [tokenAccount('1')],
      'mint' in broken ? broken.mint : undefined,
    )
    const { client } = cannedClient((request) =>
      request.method === 'getBalance' && 'getBalance' in broken ? broken.getBalance : answers(request, ''),
    )
    const [reading] = await getBalances(client, { address: solanaOwner, chains: [solana] })
    expect(reading?.balances).toBeNull()
  })

  it('refuses an address that is not an EVM address without asking the chain', async () => {
    const { client, sent } = cannedClient(() => '0x')
    const [reading] = await getBalances(client, { address: solanaOwner, chains: [base] })
    expect(reading?.balances).toBeNull()
    expect(sent).toHaveLength(0)
  })
})
