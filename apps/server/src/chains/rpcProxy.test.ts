import http from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { rawRequest } from '../fuzz/rawRequest.ts'
import { createLogger } from '../log/logger.ts'
import { spawnAnvil, type TestAnvil } from '../testing/spawnAnvil.ts'
import { startChainsTestApp } from '../testing/startChainsTestApp.ts'
import { relay, startTestUpstream } from '../testing/testUpstream.ts'
import { withTimeLeftInWindow } from '../testing/throttleWindows.ts'
import type { ChainHealth } from './Chains.ts'
import { productionChains } from './productionChains.ts'
import type { PublicChain } from './ServedChain.ts'

const secretKey = 'k3yAbCdEf0123456789SECRET'
const secretQuery = 'q9ZyXwVu8765tsrQUERY'

let anvil: TestAnvil
let keyed: Awaited<ReturnType<typeof startTestUpstream>>
let redirecting: Awaited<ReturnType<typeof startTestUpstream>>
let elsewhere: Awaited<ReturnType<typeof startTestUpstream>>
let slow: Awaited<ReturnType<typeof startTestUpstream>>
let failing: Awaited<ReturnType<typeof startTestUpstream>>
let app: Awaited<ReturnType<typeof startChainsTestApp>>
let member: Awaited<ReturnType<typeof app.member>>

const chainLogs: string[] = []
const logger = createLogger('debug', (line) => chainLogs.push(line))

beforeAll(async () => {
  anvil = await spawnAnvil(84532)
  // A node whose URL carries a key in its path and query, as providers' do: it answers only when both are there.
  keyed = await startTestUpstream(async (request) =>
    request.url === `/v2/${secretKey}?apikey=${secretQuery}`
      ? relay(anvil.url, request.body)
      : { status: 401, body: '{"error":"bad key"}' },
  )
  elsewhere = await startTestUpstream(async (request) => relay(anvil.url, request.body))
  redirecting = await startTestUpstream(async () => ({
    status: 307,
    headers: { location: `${elsewhere.origin}/` },
  }))
  slow = await startTestUpstream(async () => 'hang')
  failing = await startTestUpstream(async () => ({ status: 500, body: 'upstream exploded' }))
  const chains = productionChains({
    chains: [
      { type: 'ethereum', id: 84532, rpcUrl: `${keyed.origin}/v2/${secretKey}?apikey=${secretQuery}` },
      { type: 'ethereum', id: 8453, rpcUrl: `${redirecting.origin}/` },
      { type: 'ethereum', id: 42161, rpcUrl: `${slow.origin}/` },
      { type: 'ethereum', id: 10, rpcUrl: `${failing.origin}/${secretKey}` },
    ],
    logger,
    timing: { timeoutMs: 300, cacheMs: 0 },
  })
  app = await startChainsTestApp({
    chains,
    limits: {
      perSession: { limit: 40, windowSeconds: 60 },
      upstream: { timeoutMs: 500, maxResponseBytes: 1024 * 1024 },
    },
  })
  member = await app.member()
})

afterAll(async () => {
  await app?.close()
  await Promise.all([keyed, redirecting, elsewhere, slow, failing].map((each) => each?.close()))
  await anvil?.stop()
})

const call = (method: string, params: unknown[] = [], id: number | string = 1) => ({
  jsonrpc: '2.0',
  id,
  method,
  params,
})

describe('the RPC proxy forwards', () => {
  it('eth_blockNumber, single, to the configured node (its key included)', async () => {
    await anvil.rpc('anvil_mine', ['0x3'])
    const answer = await member.client.post('/api/v1/rpc/84532', call('eth_blockNumber', [], 'a'))
    expect(answer.status).toBe(200)
    expect(answer.body).toEqual({ jsonrpc: '2.0', id: 'a', result: await anvil.rpc('eth_blockNumber') })
  })

  it('a batch, answered in order under the caller’s own ids, duplicates included', async () => {
    const answer = await member.client.post('/api/v1/rpc/84532', [
      call('eth_chainId', [], 7),
      call('eth_blockNumber', [], 7),
      call('eth_getBalance', ['0x0000000000000000000000000000000000000001', 'latest'], 'x'),
    ])
    expect(answer.status).toBe(200)
    expect(answer.body).toEqual([
      { jsonrpc: '2.0', id: 7, result: '0x14a34' },
      { jsonrpc: '2.0', id: 7, result: await anvil.rpc('eth_blockNumber') },
      { jsonrpc: '2.0', id: 'x', result: '0x0' },
    ])
  })

  it('with a bearer token as well as with the cookie', async () => {
    const answer = await fetch(`${app.url}/api/v1/rpc/84532?privyAppId=${app.appId}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${member.token}`, 'content-type': 'application/json' },
      body: JSON.stringify(call('eth_chainId')),
    })
    expect(await answer.json()).toEqual({ jsonrpc: '2.0', id: 1, result: '0x14a34' })
  })

  it('only Content-Type and Accept of its own, never the caller’s headers', async () => {
    const before = elsewhere.seen.length
    await member.client.post('/api/v1/rpc/84532', call('eth_chainId'), {
      'x-forwarded-for': '6.6.6.6',
      'x-custom': 'leak',
    })
    expect(elsewhere.seen.length).toBe(before)
    const last = keyed.seen.at(-1)
    expect(last?.headers.cookie).toBeUndefined()
    expect(last?.headers.authorization).toBeUndefined()
    expect(last?.headers['x-forwarded-for']).toBeUndefined()
    expect(last?.headers['x-custom']).toBeUndefined()
    expect(last?.headers['content-type']).toBe('application/json')
    expect(JSON.parse(last?.body ?? '')).toEqual({ jsonrpc: '2.0', id: 0, method: 'eth_chainId', params: [] })
  })
})

describe('the RPC proxy refuses', () => {
  it('a caller who is not signed in, with 401, whatever the method', async () => {
    const answer = await fetch(`${app.url}/api/v1/rpc/84532`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(call('anvil_setBalance')),
    })
    expect(answer.status).toBe(401)
    expect(((await answer.json()) as { code: string }).code).toBe('must_be_authenticated')
  })

  it.each([
    ['debug_traceTransaction', ['0x00']],
    ['anvil_setBalance', ['0x0000000000000000000000000000000000000001', '0xffff']],
    ['eth_sign', ['0x0000000000000000000000000000000000000001', '0xdead']],
    ['personal_sign', ['0xdead', '0x0000000000000000000000000000000000000001']],
    ['eth_sendTransaction', [{ from: '0x0000000000000000000000000000000000000001' }]],
    ['eth_accounts', []],
  ])('%s, with -32601 naming it, without reaching the node', async (method, params) => {
    const before = keyed.seen.length
    const answer = await member.client.post('/api/v1/rpc/84532', call(method, params, 3))
    expect(answer.status).toBe(200)
    expect(answer.body).toMatchObject({ jsonrpc: '2.0', id: 3, error: { code: -32601 } })
    expect(answer.text).toContain(method)
    expect(keyed.seen.length).toBe(before)
  })

  it('the refused entries of a batch, while forwarding the rest', async () => {
    const answer = await member.client.post('/api/v1/rpc/84532', [
      call('anvil_setBalance', ['0x0000000000000000000000000000000000000001', '0xffff'], 1),
      call('eth_chainId', [], 2),
      call('debug_traceCall', [], 3),
    ])
    expect(answer.body).toEqual([
      {
        jsonrpc: '2.0',
        id: 1,
        error: { code: -32601, message: expect.stringContaining('anvil_setBalance') },
      },
      { jsonrpc: '2.0', id: 2, result: '0x14a34' },
      { jsonrpc: '2.0', id: 3, error: { code: -32601, message: expect.stringContaining('debug_traceCall') } },
    ])
    expect(await anvil.rpc('eth_getBalance', ['0x0000000000000000000000000000000000000001', 'latest'])).toBe(
      '0x0',
    )
  })

  it('a 10 MB body, with 413', async () => {
    const answer = await member.client.post(
      '/api/v1/rpc/84532',
      JSON.stringify(call('eth_call', ['x'.repeat(10 * 1024 * 1024)])),
    )
    expect(answer.status).toBe(413)
  })

  it('a 10,000-entry batch (413, past the body limit) and a 101-entry one (400, past the batch limit)', async () => {
    const huge = Array.from({ length: 10_000 }, (_, id) => call('eth_chainId', [], id))
    expect((await member.client.post('/api/v1/rpc/84532', huge)).status).toBe(413)
    const before = keyed.seen.length
    const long = Array.from({ length: 101 }, (_, id) => ({ jsonrpc: '2.0', id, method: 'eth_chainId' }))
    const answer = await member.client.post('/api/v1/rpc/84532', long)
    expect(answer.status).toBe(400)
    expect(answer.body).toMatchObject({
      error: { code: -32600, message: expect.stringContaining('at most 100') },
    })
    expect(keyed.seen.length).toBe(before)
  })

  it('a chain id not configured, or one made to look like a URL or a path, with 404', async () => {
    for (const chainId of [
      '1',
      '999999',
      'devnet',
      'http:%2F%2Fevil.example',
      '..%2F..%2Fhealth',
      '84532%20',
    ]) {
      const answer = await member.client.post(`/api/v1/rpc/${chainId}`, call('eth_chainId'))
      expect(answer.status, chainId).toBe(404)
    }
    const answer = await member.client.post('/api/v1/rpc/1', call('eth_chainId'))
    expect(answer.body.error).toBe('This server offers no chain "1". It offers: 84532, 8453, 42161, 10.')
  })

  it('a foreign Host (421), and X-Forwarded-Host or X-Forwarded-Proto cannot point it elsewhere', async () => {
    const agent = new http.Agent()
    const foreign = await rawRequest(agent, new URL(app.url), {
      method: 'POST',
      path: '/api/v1/rpc/84532',
      headers: [
        ['host', new URL(elsewhere.origin).host.replace('127.0.0.1', 'evil.example')],
        ['content-type', 'application/json'],
        ['cookie', member.client.cookie ?? ''],
      ],
      body: new TextEncoder().encode(JSON.stringify(call('eth_chainId'))),
    })
    agent.destroy()
    expect(foreign.status).toBe(421)
    const before = elsewhere.seen.length
    const forwarded = await member.client.post('/api/v1/rpc/84532', call('eth_chainId'), {
      'x-forwarded-host': new URL(elsewhere.origin).host,
      'x-forwarded-proto': 'https',
      forwarded: `host=${new URL(elsewhere.origin).host}`,
    })
    expect(forwarded.body).toEqual({ jsonrpc: '2.0', id: 1, result: '0x14a34' })
    expect(elsewhere.seen.length).toBe(before)
  })

  it('a privyAppId that is not this app’s', async () => {
    const answer = await member.client.post('/api/v1/rpc/84532?privyAppId=another-app', call('eth_chainId'))
    expect(answer.status).toBe(400)
    expect(answer.body.code).toBe('missing_or_invalid_privy_app_id')
  })

  it('eth_getLogs over more than 10,000 blocks or from earliest', async () => {
    const answer = await member.client.post('/api/v1/rpc/84532', [
      call('eth_getLogs', [{ fromBlock: '0x0', toBlock: '0x2710' }], 1),
      call('eth_getLogs', [{ fromBlock: 'earliest', toBlock: 'latest' }], 2),
      call('eth_getLogs', [{ fromBlock: '0x0', toBlock: '0x1' }], 3),
    ])
    expect(answer.body).toEqual([
      { jsonrpc: '2.0', id: 1, error: { code: -32005, message: expect.stringContaining('10000 blocks') } },
      { jsonrpc: '2.0', id: 2, error: { code: -32005, message: expect.stringContaining('block numbers') } },
      { jsonrpc: '2.0', id: 3, result: [] },
    ])
  })

  it('state overrides, which never reach the node; a call without a gas limit reaches it with the cap', async () => {
    const before = keyed.seen.length
    const target = '0x00000000000000000000000000000000000000aa'
    const answer = await member.client.post('/api/v1/rpc/84532', [
      call('eth_call', [{ to: target }, 'latest', { [target]: { code: '0x602a60005260206000f3' } }], 1),
      call('eth_estimateGas', [{ to: target }, 'latest', { [target]: { balance: '0x1' } }], 2),
    ])
    expect(answer.body).toEqual(
      [1, 2].map((id) => ({
        jsonrpc: '2.0',
        id,
        error: { code: -32602, message: 'state overrides are not accepted through this proxy' },
      })),
    )
    expect(keyed.seen.length).toBe(before)

    await member.client.post('/api/v1/rpc/84532', [
      call('eth_call', [{ to: target, data: '0x' }, 'latest', {}], 1),
      call('eth_estimateGas', [{ to: target }], 2),
      call('eth_call', [{ to: target, gas: '0x5208' }, 'latest'], 3),
    ])
    // What the node was sent: the cap where the caller named no gas, the caller's own where it did, and the
    // empty override object left out.
    expect(JSON.parse(keyed.seen.at(-1)?.body ?? '').map((each: { params: unknown }) => each.params)).toEqual(
      [
        [{ to: target, data: '0x', gas: '0x1c9c380' }, 'latest'],
        [{ to: target, gas: '0x1c9c380' }],
        [{ to: target, gas: '0x5208' }, 'latest'],
      ],
    )
  })

  it('what is not JSON-RPC: not JSON, an empty batch, an entry without method or id', async () => {
    expect((await member.client.post('/api/v1/rpc/84532', '{nope')).body).toMatchObject({
      error: { code: -32700 },
    })
    expect((await member.client.post('/api/v1/rpc/84532', [])).status).toBe(400)
    const answer = await member.client.post('/api/v1/rpc/84532', [
      { jsonrpc: '2.0', id: 1 },
      { jsonrpc: '2.0', method: 'eth_chainId' },
      5,
    ])
    expect(answer.body).toEqual([
      { jsonrpc: '2.0', id: 1, error: { code: -32600, message: 'method must be a string' } },
      { jsonrpc: '2.0', id: null, error: { code: -32600, message: expect.stringContaining('needs an id') } },
      {
        jsonrpc: '2.0',
        id: null,
        error: { code: -32600, message: expect.stringContaining('JSON-RPC object') },
      },
    ])
  })
})

describe('when the node misbehaves', () => {
  it('a redirect is not followed: -32002, and the redirect’s target is never reached', async () => {
    const before = elsewhere.seen.length
    const answer = await member.client.post('/api/v1/rpc/8453', call('eth_chainId'))
    expect(answer.status).toBe(200)
    expect(answer.body).toEqual({
      jsonrpc: '2.0',
      id: 1,
      error: { code: -32002, message: "Base's node is not available right now. Try again later." },
    })
    expect(redirecting.seen.length).toBeGreaterThan(0)
    expect(elsewhere.seen.length).toBe(before)
  })

  it('a node that never answers: -32603 after the timeout', async () => {
    const started = Date.now()
    const answer = await member.client.post('/api/v1/rpc/42161', [
      call('eth_chainId', [], 1),
      call('eth_blockNumber', [], 2),
    ])
    expect(Date.now() - started).toBeLessThan(5_000)
    expect(answer.body).toEqual([
      {
        jsonrpc: '2.0',
        id: 1,
        error: { code: -32603, message: expect.stringContaining('did not answer in time') },
      },
      {
        jsonrpc: '2.0',
        id: 2,
        error: { code: -32603, message: expect.stringContaining('did not answer in time') },
      },
    ])
  })

  it('a failing node: -32002 with a plain message and no URL', async () => {
    const answer = await member.client.post('/api/v1/rpc/10', call('eth_chainId'))
    expect(answer.body).toMatchObject({
      error: { code: -32002, message: "OP Mainnet's node is not available right now. Try again later." },
    })
    expect(answer.text).not.toContain(secretKey)
    expect(answer.text).not.toContain('127.0.0.1')
  })
})

describe('an RPC URL with a key', () => {
  it('never appears in GET /api/v1/chains, the chains’ health, an error answer or a log line', async () => {
    const list = await member.client.get('/api/v1/chains')
    expect(list.status).toBe(200)
    expect((JSON.parse(list.text) as { chains: PublicChain[] }).chains[0]).toEqual({
      id: 84532,
      type: 'ethereum',
      name: 'Base Sepolia',
      nativeCurrency: { name: 'Sepolia Ether', symbol: 'ETH', decimals: 18 },
      usdc: { address: '0x036CbD53842c5426634e7929541eC2318f3dCF7e', decimals: 6 },
      explorer: { name: 'Basescan', url: 'https://sepolia.basescan.org' },
      testnet: true,
      local: false,
      rpcPath: '/api/v1/rpc/84532',
      new_device_send_limit: { native: '0.05', usdc: '100' },
      onramp_network: null,
    })
    const health = await member.client.get('/api/health/chains')
    const readings = (JSON.parse(health.text) as { health: ChainHealth[] }).health
    expect(readings).toContainEqual({
      id: 84532,
      name: 'Base Sepolia',
      kind: 'remote',
      height: expect.any(String),
    })
    expect(readings.find((each) => each.id === 42161)).toEqual({
      id: 42161,
      name: 'Arbitrum One',
      kind: 'remote',
      problem: 'its node did not answer',
    })
    await member.client.post('/api/v1/rpc/10', call('eth_chainId'))
    const logs = [app.logs(), ...chainLogs].join('\n')
    const everything = [list.text, health.text, logs].join('\n')
    for (const secret of [secretKey, secretQuery]) expect(everything).not.toContain(secret)
    expect(logs).toContain(`${keyed.origin}/v2/***`)
    expect(logs).toContain(`${failing.origin}/***`)
  })

  it('/api/v1/chains is public: it tells nothing a session would', async () => {
    const answer = await fetch(`${app.url}/api/v1/chains`)
    expect(answer.status).toBe(200)
    expect(await answer.text()).not.toContain(secretKey)
  })
})

describe('throttling', () => {
  it('answers a flood from one session with 429 and Retry-After', async () => {
    const flooder = await app.member()
    // The limit counts in fixed one-minute windows: a flood split across two would count part in each.
    await withTimeLeftInWindow(60, 10_000)
    const statuses: number[] = []
    let retryAfter: string | null = null
    for (let each = 0; each < 45; each++) {
      const answer = await flooder.client.post('/api/v1/rpc/84532', call('eth_chainId'))
      statuses.push(answer.status)
      if (answer.status === 429) retryAfter = answer.headers.get('retry-after')
    }
    expect(statuses.slice(0, 40).every((status) => status === 200)).toBe(true)
    expect(statuses.slice(40).every((status) => status === 429)).toBe(true)
    expect(Number(retryAfter)).toBeGreaterThan(0)
    // Another session is not held back by the first one's flood.
    expect((await member.client.post('/api/v1/rpc/84532', call('eth_chainId'))).status).toBe(200)
  })
})
