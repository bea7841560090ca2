import { type EvmBalanceChain, getBalances, type JsonRpcClient, usdcAddresses } from '@charter/core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createLogger } from '../logger.ts'
import { anvilLocalChain } from '../testing/anvilLocalChain.ts'
import { freePort, installMulticall3, spawnAnvil, type TestAnvil } from '../testing/spawnAnvil.ts'
import { startChainsTestApp } from '../testing/startChainsTestApp.ts'
import { startTestUpstream } from '../testing/testUpstream.ts'
import type { Chains } from './Chains.ts'
import { embeddedChains } from './embeddedChains.ts'
import type { LocalChain } from './LocalChain.ts'
import { upstreamJsonRpcClient } from './postJsonRpc.ts'
import { productionChains } from './productionChains.ts'
import { isProxiedMethod } from './proxyMethods.ts'
import type { PublicChain } from './ServedChain.ts'

const logger = createLogger('silent')
const ether = 10n ** 18n
const solanaAddress = '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM'

let base: TestAnvil
let arbitrum: TestAnvil
let solanaNode: Awaited<ReturnType<typeof startTestUpstream>>
let chains: Chains
let app: Awaited<ReturnType<typeof startChainsTestApp>>
let member: Awaited<ReturnType<typeof app.member>>

beforeAll(async () => {
  ;[base, arbitrum] = await Promise.all([spawnAnvil(84532), spawnAnvil(421614)])
  await Promise.all([installMulticall3(base), installMulticall3(arbitrum)])
  // No local Solana cluster in this test (its helper brings one): a node that refuses, so funding there fails.
  solanaNode = await startTestUpstream(async () => ({ status: 503, body: 'down' }))
  const solana: LocalChain = {
    rpcUrl: `${solanaNode.origin}/`,
    fund: async () => {
      throw new Error(`connect ECONNREFUSED ${solanaNode.origin}`)
    },
    height: async () => 0n,
    close: async () => {},
  }
  chains = embeddedChains({
    local: {
      evm: {
        84532: await anvilLocalChain(base, usdcAddresses[84532]),
        421614: await anvilLocalChain(arbitrum, usdcAddresses[421614]),
      },
      solana,
    },
    logger,
  })
  app = await startChainsTestApp({ chains, faucet: true })
  member = await app.member()
})

afterAll(async () => {
  await app?.close()
  await chains?.close()
  await solanaNode?.close()
})

const evmChains = (): EvmBalanceChain[] => [
  { type: 'ethereum', id: 84532, rpcUrl: base.url, usdc: usdcAddresses[84532] },
  { type: 'ethereum', id: 421614, rpcUrl: arbitrum.url, usdc: usdcAddresses[421614] },
]

describe('the faucet and the balance reader on local devnets', () => {
  it('funds 1 ETH and 10 USDC, and getBalances reads them exactly with one request per chain', async () => {
    const address = '0x00000000000000000000000000000000000c0ffe'
    const native = await member.client.post('/api/dev/faucet', {
      address,
      chainId: 84532,
      asset: 'native',
      amount: '1',
    })
    expect(native.status).toBe(200)
    expect(native.body).toEqual({ chainId: 84532, asset: 'native', amount: '1', address })
    const usdc = await member.client.post('/api/dev/faucet', {
      address,
      chainId: '84532',
      asset: 'USDC',
      amount: '10',
    })
    expect(usdc.status).toBe(200)
    await member.client.post('/api/dev/faucet', { address, chainId: 421614, asset: 'native', amount: '0.25' })

    let requests = 0
    const client = upstreamJsonRpcClient()
    const counting: JsonRpcClient = {
      request: (url, body) => {
        requests++
        return client.request(url, body)
      },
    }
    const readings = await getBalances(counting, { address, chains: evmChains() })
    expect(requests).toBe(2)
    expect(readings.map((each) => each.balances)).toEqual([
      { native: ether, nativeDecimals: 18, usdc: { amount: 10_000_000n, decimals: 6 } },
      { native: ether / 4n, nativeDecimals: 18, usdc: { amount: 0n, decimals: 6 } },
    ])
  })

  it('reads the same with one JSON-RPC batch where Multicall3 is not used', async () => {
    const address = '0x00000000000000000000000000000000000b0a7e'
    await member.client.post('/api/dev/faucet', { address, chainId: 84532, asset: 'native', amount: '2.5' })
    const [reading] = await getBalances(upstreamJsonRpcClient(), {
      address,
      chains: [{ ...(evmChains()[0] as EvmBalanceChain), multicall3: null }],
    })
    expect(reading?.balances?.native).toBe((5n * ether) / 2n)
  })

  it('reads through Charter’s own RPC proxy, as the web app does: one proxied request per chain', async () => {
    const address = '0x00000000000000000000000000000000000c0ffe'
    const seen: string[] = []
    const viaProxy: JsonRpcClient = {
      async request(url, body) {
        seen.push(url)
        const answer = await member.client.post(url, body)
        if (answer.status !== 200) throw new Error(`the proxy answered ${answer.status}`)
        return JSON.parse(answer.text)
      },
    }
    const list = (JSON.parse((await member.client.get('/api/v1/chains')).text) as { chains: PublicChain[] })
      .chains
    const readings = await getBalances(viaProxy, {
      address,
      chains: list
        .filter((chain) => chain.type === 'ethereum')
        .map((chain) => ({
          type: 'ethereum' as const,
          id: chain.id as number,
          rpcUrl: chain.rpcPath,
          usdc: chain.usdc?.address as `0x${string}`,
        })),
    })
    expect(seen).toEqual(['/api/v1/rpc/84532', '/api/v1/rpc/421614'])
    expect(readings[0]?.balances).toEqual({
      native: ether,
      nativeDecimals: 18,
      usdc: { amount: 10_000_000n, decimals: 6 },
    })
  })

  it('gives null for a dead RPC URL while the other chains load', async () => {
    const dead = `http://127.0.0.1:${await freePort()}/`
    const readings = await getBalances(upstreamJsonRpcClient(), {
      address: '0x00000000000000000000000000000000000c0ffe',
      chains: [evmChains()[0] as EvmBalanceChain, { type: 'ethereum', id: 8453, rpcUrl: dead }],
    })
    expect(readings[0]?.balances?.native).toBeGreaterThan(0n)
    expect(readings[1]?.balances).toBeNull()
    expect(readings[1]?.error?.shortMessage).toBe('Could not read the balances on chain 8453')
  })

  it('lists the local devnets by their real names, local and without an explorer', async () => {
    const answer = await member.client.get('/api/v1/chains')
    expect(
      (JSON.parse(answer.text) as { chains: PublicChain[] }).chains.map((each) => [
        each.id,
        each.name,
        each.local,
        each.explorer,
      ]),
    ).toEqual([
      [84532, 'Base Sepolia', true, null],
      [421614, 'Arbitrum Sepolia', true, null],
      ['devnet', 'Solana Devnet', true, null],
    ])
    expect(answer.text).not.toContain(base.url)
  })

  it('reports each local chain’s height for health', async () => {
    await base.rpc('anvil_mine', ['0x2'])
    const health = await chains.health()
    expect(health[0]).toEqual({
      id: 84532,
      name: 'Base Sepolia',
      kind: 'local devnet',
      height: String(BigInt((await base.rpc('eth_blockNumber')) as string)),
    })
  })
})

describe('the faucet refuses', () => {
  const address = '0x00000000000000000000000000000000000000aa'
  it.each([
    ['a negative amount', { asset: 'native', amount: '-1' }, 'amount: The amount cannot be negative'],
    [
      'a huge amount',
      { asset: 'native', amount: '1000.000000000000000001' },
      'amount: the faucet gives at most 1000 ETH per call',
    ],
    [
      'too much USDC',
      { asset: 'USDC', amount: '100001' },
      'amount: the faucet gives at most 100000 USDC per call',
    ],
    [
      'more decimals than USDC has',
      { asset: 'USDC', amount: '0.0000001' },
      'amount: USDC has at most 6 decimals',
    ],
    ['a word', { asset: 'native', amount: 'ten' }, 'amount: Enter the amount as a number'],
    ['an exponent', { asset: 'native', amount: '1e3' }, 'amount: Enter the amount as a number'],
    ['zero', { asset: 'native', amount: '0' }, 'amount: Enter an amount greater than 0'],
    [
      'an address that is not one',
      { address: '0x1234', asset: 'native', amount: '1' },
      'address: not an EVM address',
    ],
    [
      'an EVM address on Solana',
      { chainId: 'devnet', asset: 'native', amount: '1' },
      'address: not a Solana address',
    ],
    [
      'a chain that is not local',
      { chainId: 8453, asset: 'native', amount: '1' },
      'chainId: the faucet funds the local devnets only (84532, 421614, devnet)',
    ],
    ['another asset', { asset: 'DAI', amount: '1' }, 'asset'],
  ])('%s, with 400 invalid_data', async (_name, change, message) => {
    const before = await base.rpc('eth_getBalance', [address, 'latest'])
    const answer = await member.client.post('/api/dev/faucet', { address, chainId: 84532, ...change })
    expect(answer.status).toBe(400)
    expect(answer.body.code).toBe('invalid_data')
    expect(answer.body.error).toContain(message)
    expect(await base.rpc('eth_getBalance', [address, 'latest'])).toBe(before)
  })

  it('a caller who is not signed in, with 401', async () => {
    const answer = await fetch(`${app.url}/api/dev/faucet`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ address, chainId: 84532, asset: 'native', amount: '1' }),
    })
    expect(answer.status).toBe(401)
  })

  it('says a devnet that failed failed (502), without its URL', async () => {
    const answer = await member.client.post('/api/dev/faucet', {
      address: solanaAddress,
      chainId: 'devnet',
      asset: 'USDC',
      amount: '1',
    })
    expect(answer.status).toBe(502)
    expect(answer.body.code).toBe('faucet_failed')
    expect(answer.text).not.toContain(solanaNode.origin)
    expect(app.logs()).toContain('The faucet could not fund an address')
  })
})

describe('production mode', () => {
  it('has no faucet route at all', async () => {
    const production = await startChainsTestApp({
      chains: productionChains({ chains: [{ type: 'ethereum', id: 84532, rpcUrl: base.url }], logger }),
    })
    try {
      const { client } = await production.member()
      const answer = await client.post('/api/dev/faucet', {
        address,
        chainId: 84532,
        asset: 'native',
        amount: '1',
      })
      expect(answer.status).toBe(404)
    } finally {
      await production.close()
    }
  })

  it('forwards requestAirdrop to a local Solana devnet only', () => {
    expect(isProxiedMethod('solana', 'requestAirdrop', true)).toBe(true)
    expect(isProxiedMethod('solana', 'requestAirdrop', false)).toBe(false)
    expect(isProxiedMethod('ethereum', 'anvil_setBalance', true)).toBe(false)
  })
})

const address = '0x00000000000000000000000000000000000000aa'
