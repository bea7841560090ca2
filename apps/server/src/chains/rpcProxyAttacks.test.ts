import http from 'node:http'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { rawRequest } from '../fuzz/rawRequest.ts'
import { ApiClient, uniquePhoneNumber } from '../testing/ApiClient.ts'
import type { Json } from '../testing/Json.ts'
import { startTestServer, type TestServer } from '../testing/startTestServer.ts'
import { startTestUpstream } from '../testing/testUpstream.ts'
import { withTimeLeftInWindow } from '../testing/throttleWindows.ts'

// The proxy's attacks of issue 15, against the real server with its real local devnets (the custom upstreams a
// redirect, a hang or a keyed URL need are in rpcProxy.test.ts).

let server: TestServer
let member: ApiClient
/** A node of the test's own: a request that reaches it is one the proxy was talked into sending elsewhere. */
let elsewhere: Awaited<ReturnType<typeof startTestUpstream>>

/** A client address of its own per client, so runs sharing one PostgreSQL never share a per-address limit. */
const uniqueClientAddress = () =>
  `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`

async function signedIn(from = uniqueClientAddress()): Promise<ApiClient> {
  const client = new ApiClient(server.url, { headers: { 'x-forwarded-for': from } })
  const answer = await client.signInByPhone(uniquePhoneNumber())
  if (answer.status !== 200) throw new Error(`sign-in failed: ${answer.text}`)
  return client
}

beforeAll(async () => {
  // One proxy in front (TRUST_PROXY=1), so each client's X-Forwarded-For is its address, as behind a real one.
  server = await startTestServer({ env: { LOCAL_CHAINS: 'on', TRUST_PROXY: '1' } })
  member = await signedIn()
  elsewhere = await startTestUpstream(async () => ({
    status: 200,
    body: JSON.stringify({ jsonrpc: '2.0', id: 0, result: '0x1' }),
  }))
}, 60_000)

afterAll(async () => {
  await server?.close()
  await elsewhere?.close()
})

const call = (method: string, params: unknown[] = [], id: number | string = 1) => ({
  jsonrpc: '2.0',
  id,
  method,
  params,
})
/** Base Sepolia's chain id as its devnet answers eth_chainId. */
const baseSepolia = '0x14a34'

const balanceOf = async (address: string) =>
  ((await member.post('/api/v1/rpc/84532', call('eth_getBalance', [address, 'latest']))).body as Json).result

describe('the real server’s RPC proxy refuses', () => {
  it('a caller who is not signed in: 401, whatever the method', async () => {
    for (const method of ['eth_chainId', 'anvil_setBalance']) {
      const answer = await new ApiClient(server.url).post('/api/v1/rpc/84532', call(method))
      expect(answer.status).toBe(401)
      expect(answer.body.code).toBe('must_be_authenticated')
    }
  })

  const target = privateKeyToAccount(generatePrivateKey()).address
  const offList: [string, unknown[]][] = [
    ['debug_traceCall', [{ to: target }, 'latest']],
    ['anvil_setBalance', [target, '0xde0b6b3a7640000']],
    ['eth_sign', [target, '0xdead']],
    ['personal_sign', ['0xdead', target]],
    ['eth_sendTransaction', [{ to: target, value: '0x1' }]],
  ]

  it.each(offList)('%s: -32601 naming it', async (method, params) => {
    const answer = await member.post('/api/v1/rpc/84532', call(method, params, 3))
    expect(answer.status).toBe(200)
    expect(answer.body).toEqual({
      jsonrpc: '2.0',
      id: 3,
      error: { code: -32601, message: expect.stringContaining(method) },
    })
    expect(await balanceOf(target)).toBe('0x0')
  })

  it('each of them inside a batch, while the allowed entries are answered by the devnet', async () => {
    const answer = await member.post('/api/v1/rpc/84532', [
      call('eth_chainId', [], 'first'),
      ...offList.map(([method, params], at) => call(method, params, at)),
    ])
    expect(answer.status).toBe(200)
    expect(answer.body).toEqual([
      { jsonrpc: '2.0', id: 'first', result: baseSepolia },
      ...offList.map(([method], at) => ({
        jsonrpc: '2.0',
        id: at,
        error: { code: -32601, message: expect.stringContaining(method) },
      })),
    ])
    expect(await balanceOf(target)).toBe('0x0')
  })

  it('a 10 MB body: 413', async () => {
    const answer = await member.post(
      '/api/v1/rpc/84532',
      JSON.stringify(call('eth_call', [{ data: `0x${'00'.repeat(5 * 1024 * 1024)}` }])),
    )
    expect(answer.status).toBe(413)
  })

  it('a 10,000-entry batch: 413 (past the body limit), and one of 101 entries: 400 (past the batch limit)', async () => {
    const huge = Array.from({ length: 10_000 }, (_, id) => call('eth_chainId', [], id))
    expect((await member.post('/api/v1/rpc/84532', huge)).status).toBe(413)
    const long = Array.from({ length: 101 }, (_, id) => call('eth_chainId', [], id))
    const answer = await member.post('/api/v1/rpc/84532', long)
    expect(answer.status).toBe(400)
    expect(answer.body).toMatchObject({
      error: { code: -32600, message: expect.stringContaining('at most 100') },
    })
  })

  it('a chain id it does not offer, or one made to look like a URL or a path: 404 naming what it offers', async () => {
    for (const chainId of [
      '1',
      '8453',
      'mainnet-beta',
      'http:%2F%2F127.0.0.1',
      '..%2F..%2Fhealth',
      '84532%20',
    ]) {
      const answer = await member.post(`/api/v1/rpc/${chainId}`, call('eth_chainId'))
      expect(answer.status, chainId).toBe(404)
    }
    const answer = await member.post('/api/v1/rpc/1', call('eth_chainId'))
    expect(answer.body.error).toBe('This server offers no chain "1". It offers: 84532, 421614, devnet.')
  })

  it('a Host, X-Forwarded-Host or X-Forwarded-For cannot send it anywhere but the devnet', async () => {
    const elsewhereHost = new URL(elsewhere.origin).host
    const agent = new http.Agent()
    try {
      const send = (host: string) =>
        rawRequest(agent, new URL(server.url), {
          method: 'POST',
          path: '/api/v1/rpc/84532',
          headers: [
            ['host', host],
            ['content-type', 'application/json'],
            ['cookie', member.cookie ?? ''],
            ['x-forwarded-for', uniqueClientAddress()],
          ],
          body: new TextEncoder().encode(JSON.stringify(call('eth_chainId'))),
        })
      // A foreign host name is refused outright; the host guard lets any port of a loopback name through, and
      // the proxy still asks the configured node.
      expect((await send('evil.example')).status).toBe(421)
      const loopback = await send(elsewhereHost)
      expect(loopback.status).toBe(200)
      expect(JSON.parse(loopback.text)).toEqual({ jsonrpc: '2.0', id: 1, result: baseSepolia })
    } finally {
      agent.destroy()
    }
    const forwarded = await member.post('/api/v1/rpc/84532', call('eth_chainId'), {
      'x-forwarded-host': elsewhereHost,
      'x-forwarded-proto': 'http',
      'x-forwarded-for': elsewhereHost.replace(/:\d+$/, ''),
      forwarded: `host=${elsewhereHost}`,
    })
    expect(forwarded.body).toEqual({ jsonrpc: '2.0', id: 1, result: baseSepolia })
    expect(elsewhere.seen).toEqual([])
  })

  it('a flood from one session: 429 with Retry-After past 300 a minute, while another session goes on', async () => {
    const flooder = await signedIn()
    // The limit counts in fixed one-minute windows: a flood split across two would count half in each.
    await withTimeLeftInWindow(60, 25_000)
    const statuses: number[] = []
    let retryAfter: string | null = null
    let message = ''
    // Ten at a time: the limit is counted per request, in whatever order they arrive.
    for (let sent = 0; sent < 310; sent += 10) {
      const answers = await Promise.all(
        Array.from({ length: 10 }, () => flooder.post('/api/v1/rpc/84532', call('eth_chainId'))),
      )
      for (const answer of answers) {
        statuses.push(answer.status)
        if (answer.status === 429) {
          retryAfter = answer.headers.get('retry-after')
          message = answer.body.error
        }
      }
    }
    expect(statuses.filter((status) => status === 200)).toHaveLength(300)
    expect(statuses.filter((status) => status === 429)).toHaveLength(10)
    expect(Number(retryAfter)).toBeGreaterThan(0)
    expect(message).toContain('Too many RPC requests from this session')
    expect((await member.post('/api/v1/rpc/84532', call('eth_chainId'))).status).toBe(200)
  }, 90_000)
})

/** Code that answers 42 from any address it is put at: PUSH1 42, PUSH1 0, MSTORE, PUSH1 32, PUSH1 0, RETURN. */
const answers42 = '0x602a60005260206000f3'
/** Init code that loops until its gas runs out: JUMPDEST, PUSH1 0, JUMP. */
const loopsForever = '0x5b600056'
const loopingCall = (id: number | string = 1) => call('eth_call', [{ data: loopsForever }, 'latest'], id)

describe('the real server’s RPC proxy runs code only on the chain as it is, within a gas cap', () => {
  const target = privateKeyToAccount(generatePrivateKey()).address
  const overridden = { [target]: { code: answers42, balance: '0xffffffffffffffffffff' } }

  it('refuses state overrides on eth_call and eth_estimateGas, and block overrides: -32602 naming why', async () => {
    const refused = [
      call('eth_call', [{ to: target }, 'latest', overridden], 'state'),
      call('eth_estimateGas', [{ to: target }, 'latest', overridden], 'estimate'),
      call('eth_call', [{ to: target }, 'latest', null, { number: '0xffffff', time: '0x1' }], 'block'),
    ]
    const answer = await member.post('/api/v1/rpc/84532', refused)
    expect(answer.status).toBe(200)
    expect(answer.body).toEqual(
      refused.map(({ id }) => ({
        jsonrpc: '2.0',
        id,
        error: { code: -32602, message: 'state overrides are not accepted through this proxy' },
      })),
    )
    // The same call on the chain as it is: the address has no code, so nothing answers 42.
    const plain = await member.post('/api/v1/rpc/84532', [
      call('eth_call', [{ to: target }, 'latest'], 'plain'),
      call('eth_call', [{ to: target }, 'latest', {}], 'empty override'),
    ])
    expect(plain.body).toEqual([
      { jsonrpc: '2.0', id: 'plain', result: '0x' },
      { jsonrpc: '2.0', id: 'empty override', result: '0x' },
    ])
  })

  it('refuses a call or an estimate asking for more than 30 million gas: -32602 naming the cap', async () => {
    const over = `0x${(30_000_001).toString(16)}`
    const answer = await member.post('/api/v1/rpc/84532', [
      call('eth_call', [{ data: loopsForever, gas: over }, 'latest'], 'call'),
      call('eth_estimateGas', [{ to: target, gasLimit: '0xffffffffffff' }, 'latest'], 'estimate'),
      call('eth_call', [{ to: target, gas: 30_000_000 }, 'latest'], 'a number'),
    ])
    expect(answer.body).toEqual([
      {
        jsonrpc: '2.0',
        id: 'call',
        error: {
          code: -32602,
          message: 'eth_call may use at most 30000000 gas through this proxy (gas asked 30000001)',
        },
      },
      {
        jsonrpc: '2.0',
        id: 'estimate',
        error: {
          code: -32602,
          message:
            'eth_estimateGas may use at most 30000000 gas through this proxy (gasLimit asked 281474976710655)',
        },
      },
      {
        jsonrpc: '2.0',
        id: 'a number',
        error: { code: -32602, message: 'gas must be a hex quantity, like 0x5208' },
      },
    ])
    // At the cap, and without a gas limit of its own, a looping call runs until its gas is spent, and stops.
    const atCap = await member.post('/api/v1/rpc/84532', [
      call('eth_call', [{ data: loopsForever, gas: '0x1c9c380' }, 'latest'], 'at cap'),
      loopingCall('none given'),
    ])
    expect(atCap.body).toEqual([
      {
        jsonrpc: '2.0',
        id: 'at cap',
        error: expect.objectContaining({ message: expect.stringMatching(/gas/i) }),
      },
      {
        jsonrpc: '2.0',
        id: 'none given',
        error: expect.objectContaining({ message: expect.stringMatching(/gas/i) }),
      },
    ])
  })

  it('refuses a request holding more than 20 calls that run code: 400, nothing sent', async () => {
    const answer = await member.post(
      '/api/v1/rpc/84532',
      Array.from({ length: 21 }, (_, id) => loopingCall(id)),
    )
    expect(answer.status).toBe(400)
    expect(answer.body).toEqual({
      jsonrpc: '2.0',
      id: null,
      error: {
        code: -32600,
        message:
          'A request may hold at most 20 calls that run code (eth_call, eth_estimateGas, simulateTransaction); it held 21',
      },
    })
  })

  it('a session that spends its 10 seconds a minute of the node’s time is refused (429, Retry-After); others go on', async () => {
    const address = uniqueClientAddress()
    const flooder = await signedIn(address)
    // The budget counts in fixed one-minute windows: spending split across two would count part in each.
    await withTimeLeftInWindow(60, 45_000)
    const started = Date.now()
    let refusal: Awaited<ReturnType<ApiClient['post']>> | undefined
    // Twenty looping calls a request (about a second of the devnet's time, more on a busy machine), one after
    // another, until the session's 10 seconds are spent.
    for (let sent = 0; sent < 40 && !refusal; sent++) {
      const answer = await flooder.post(
        '/api/v1/rpc/84532',
        Array.from({ length: 20 }, (_, id) => loopingCall(id)),
      )
      if (answer.status === 429) refusal = answer
      else expect(answer.status).toBe(200)
    }
    expect(refusal?.body).toEqual({
      code: 'too_many_requests',
      error: expect.stringMatching(
        /^This session has used its share of the chains' nodes for now \(10 seconds of their time a minute\)\. Try again in \d+ seconds?\.$/,
      ),
    })
    expect(Number(refusal?.headers.get('retry-after'))).toBeGreaterThan(0)
    // Only once the node's time was spent: a request reserves 100 ms a call (2 seconds for this one) before it
    // goes, so it was refused with more than 8 seconds spent, and at least that much looping went by.
    expect(Date.now() - started).toBeGreaterThanOrEqual(8_000)
    // Another member, elsewhere, still runs code; so does another session at the flooder's address, which has
    // 20 seconds a minute across its sessions.
    for (const other of [member, await signedIn(address)]) {
      const answer = await other.post('/api/v1/rpc/84532', loopingCall())
      expect(answer.status).toBe(200)
      expect(answer.body).toMatchObject({
        jsonrpc: '2.0',
        id: 1,
        error: { message: expect.stringMatching(/gas/i) },
      })
    }
  }, 120_000)
})
