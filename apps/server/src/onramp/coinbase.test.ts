import { generateKeyPairSync, type KeyObject } from 'node:crypto'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { decodeProtectedHeader, type JWTPayload, jwtVerify } from 'jose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ListedChain } from '../chains/chainsRoutes.ts'
import { findFreePort } from '../devnets/evmDevnet/freePort.ts'
import { loadSettings } from '../settings/env.ts'
import { ApiClient, uniquePhoneNumber } from '../testing/ApiClient.ts'
import { startTestServer, type TestServer } from '../testing/startTestServer.ts'
import { walletsOf } from '../testing/WalletCaller.ts'
import type { OnrampInitAnswer } from './fundingRoutes.ts'

// The Coinbase adapter over HTTP: a production server with a CDP key whose Coinbase is a local stand-in that
// verifies every request as Coinbase would (the JWT's signature with the key's public half, its header and
// claims, the body), and a member who starts a purchase and polls its status.

type Seen = {
  method: string
  path: string
  jwt: string
  header: Record<string, unknown>
  claims: JWTPayload & { uris?: unknown }
  body: unknown
}

type Reply = { status: number; body: unknown }

/** Coinbase's API as a test needs it: every request's JWT verified with `publicKey`, kept, and answered by `reply`. */
async function fakeCoinbase(publicKey: KeyObject, algorithm: 'ES256' | 'EdDSA') {
  const seen: Seen[] = []
  const refused: string[] = []
  let reply: (request: Seen) => Reply = () => ({ status: 500, body: {} })
  const server: Server = createServer(async (request, response) => {
    let text = ''
    for await (const chunk of request) text += chunk
    const jwt = (request.headers.authorization ?? '').replace(/^Bearer /, '')
    try {
      const verified = await jwtVerify(jwt, publicKey, {
        algorithms: [algorithm],
        issuer: 'cdp',
        audience: 'cdp_service',
      })
      const entry: Seen = {
        method: request.method ?? '',
        path: request.url ?? '',
        jwt,
        header: { ...verified.protectedHeader },
        claims: verified.payload,
        body: text ? JSON.parse(text) : undefined,
      }
      seen.push(entry)
      const answer = reply(entry)
      response
        .writeHead(answer.status, { 'content-type': 'application/json' })
        .end(JSON.stringify(answer.body))
    } catch (error) {
      refused.push(String(error))
      response.writeHead(401, { 'content-type': 'application/json' }).end('{"errorMessage":"bad JWT"}')
    }
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    origin: `http://127.0.0.1:${port}`,
    host: `127.0.0.1:${port}`,
    seen,
    refused,
    answer: (next: (request: Seen) => Reply) => {
      reply = next
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

/** Twilio's Messages API, enough for production sign-in: it keeps each code it is asked to send. */
async function fakeTwilio() {
  const bodies: string[] = []
  const server = createServer(async (request, response) => {
    let text = ''
    for await (const chunk of request) text += chunk
    bodies.push(new URLSearchParams(text).get('Body') ?? '')
    response.writeHead(201, { 'content-type': 'application/json' }).end('{"sid":"SM1"}')
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    lastCode: () => bodies.at(-1)?.match(/\b(\d{6})\b/)?.[1] ?? '',
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

const es256 = generateKeyPairSync('ec', { namedCurve: 'prime256v1' })
const es256Secret = es256.privateKey.export({ format: 'pem', type: 'sec1' }).toString()
const ed25519 = generateKeyPairSync('ed25519')
const edJwk = ed25519.privateKey.export({ format: 'jwk' })
/** The CDP portal's form of an Ed25519 key: seed and public key, 64 bytes, base64. */
const ed25519Secret = Buffer.concat([
  Buffer.from(edJwk.d as string, 'base64url'),
  Buffer.from(edJwk.x as string, 'base64url'),
]).toString('base64')

const keyId = 'organizations/org-1/apiKeys/key-1'
const closers: (() => Promise<void>)[] = []
let twilio: Awaited<ReturnType<typeof fakeTwilio>>
let deadNode: string

beforeAll(async () => {
  twilio = await fakeTwilio()
  closers.push(twilio.close)
  deadNode = `http://127.0.0.1:${await findFreePort()}/`
})

afterAll(async () => {
  for (const close of closers.reverse()) await close()
})

/** A production server whose chains are Base and Base Sepolia (nodes nobody listens on), with `env` besides. */
async function productionServer(env: Record<string, string>): Promise<TestServer> {
  const server = await startTestServer({
    env: {
      CHARTER_MODE: 'production',
      APP_ID: 'cm0coinbasetestapp0000001',
      PUBLIC_URL: 'http://127.0.0.1',
      DATABASE_URL: 'postgres://unused.invalid/charter',
      AUTH_SECRET: '7c1e4a9f2d6b0e3a8c5f1d7b4e0a6c9f3b8d2e5a1c7f4b0d9e6a3c8f5b2d1e7a',
      WALLET_MASTER_KEY: '4f2a8c6e0b9d3f7a1c5e8b2d6f0a4c9e3b7d1f5a8c2e6b0d4f9a3c7e1b5d8f2a',
      TWILIO_ACCOUNT_SID: `AC${'1'.repeat(32)}`,
      TWILIO_AUTH_TOKEN: 'test-token',
      TWILIO_FROM: '+15005550006',
      TWILIO_API_URL: twilio.url,
      SMS_ALLOWED_COUNTRIES: 'US',
      CHAINS: '8453,84532',
      RPC_URL_8453: deadNode,
      RPC_URL_84532: deadNode,
      ...env,
    },
  })
  closers.push(() => server.close())
  return server
}

/** A member signed in by SMS on a production server (the code read from the fake Twilio), and their EVM address. */
async function member(server: TestServer, headers: Record<string, string> = {}) {
  const api = new ApiClient(server.url, { headers })
  const phoneNumber = uniquePhoneNumber()
  const sent = await api.post('/api/v1/passwordless_sms/init', { phoneNumber })
  expect(sent.status, sent.text).toBe(200)
  const signedIn = await api.post('/api/v1/passwordless_sms/authenticate', {
    phoneNumber,
    code: twilio.lastCode(),
  })
  expect(signedIn.status, signedIn.text).toBe(200)
  const wallet = walletsOf(signedIn.body.user).find((each) => each.chain_type === 'ethereum')
  return { api, address: wallet?.address as string }
}

const initPath = '/api/v1/funding/coinbase_on_ramp/init'
const statusOf = (api: ApiClient, id: string) =>
  api.get(`/api/v1/funding/coinbase_on_ramp/status?partnerUserId=${encodeURIComponent(id)}`)

/** What every request to Coinbase must carry: a CDP JWT for this one call, with the header and claims CDP wants. */
function expectCdpJwt(request: Seen, algorithm: string, uri: string) {
  expect(request.header).toEqual({
    alg: algorithm,
    kid: keyId,
    typ: 'JWT',
    nonce: expect.stringMatching(/^[0-9a-f]{32}$/),
  })
  const { claims } = request
  expect(claims.sub).toBe(keyId)
  expect(claims.iss).toBe('cdp')
  expect(claims.aud).toEqual(['cdp_service'])
  expect(claims.uris).toEqual([uri])
  expect((claims.exp ?? 0) - (claims.iat ?? 0)).toBe(120)
  expect(claims.nbf).toBe(claims.iat)
  expect(Math.abs((claims.iat ?? 0) - Date.now() / 1000)).toBeLessThan(30)
}

describe('Coinbase with an ES256 key, TRUST_PROXY unset', () => {
  let coinbase: Awaited<ReturnType<typeof fakeCoinbase>>
  let server: TestServer

  beforeAll(async () => {
    coinbase = await fakeCoinbase(es256.publicKey, 'ES256')
    closers.push(coinbase.close)
    server = await productionServer({
      CDP_API_KEY_ID: keyId,
      CDP_API_KEY_SECRET: es256Secret,
      CDP_PROJECT_ID: 'cdp-project-1',
      COINBASE_API_URL: coinbase.origin,
    })
  }, 60_000)

  it('names Coinbase in /api/health, never the key, and funds Base (the mainnet) only', async () => {
    const api = new ApiClient(server.url)
    const health = await api.get('/api/health')
    expect(health.body.parts.onramp).toEqual({ status: 'ok', detail: 'Coinbase Onramp', service: 'coinbase' })
    expect(health.text).not.toContain(keyId)
    const chains = (await api.get('/api/v1/chains')).body.chains as ListedChain[]
    expect(chains.map((chain) => [chain.id, chain.onramp_network])).toEqual([
      [8453, 'base'],
      [84532, null],
    ])
    expect((await api.get(`/api/v1/apps/${server.appId}`)).body.fiat_on_ramp_enabled).toBe(true)
    // Production has no sandbox page.
    const { api: signedIn } = await member(server)
    const sandbox = await signedIn.post('/sandbox/onramp/buy/complete?sessionToken=x', 'amount=1', {
      'content-type': 'application/x-www-form-urlencoded',
    })
    expect(sandbox.status).toBe(404)
  })

  it('mints with a verified JWT and the body Coinbase documents, the socket’s IP despite a forged X-Forwarded-For', async () => {
    coinbase.answer(() => ({ status: 200, body: { token: 'cb-session-token', channel_id: 'cb-channel' } }))
    const { api, address } = await member(server, { 'x-forwarded-for': '203.0.113.66' })
    const before = coinbase.seen.length
    const answer = await api.post(initPath, {
      addresses: [{ address, blockchains: ['base'] }],
      assets: ['USDC'],
      amount: '25',
    })
    expect(answer.status, answer.text).toBe(200)
    const body = answer.body as OnrampInitAnswer
    expect(body).toEqual({
      app_id: 'cdp-project-1',
      session_token: 'cb-session-token',
      channel_id: 'cb-channel',
      partner_user_id: expect.stringMatching(/^[A-Za-z0-9_-]{1,49}$/),
      base_url: 'https://pay.coinbase.com',
    })
    expect(coinbase.refused).toEqual([])
    const [request] = coinbase.seen.slice(before)
    expect(request?.method).toBe('POST')
    expect(request?.path).toBe('/onramp/v1/token')
    expectCdpJwt(request as Seen, 'ES256', `POST ${coinbase.host}/onramp/v1/token`)
    expect(request?.body).toEqual({
      addresses: [{ address, blockchains: ['base'] }],
      assets: ['USDC'],
      clientIp: '127.0.0.1',
    })
    // Base Sepolia has no Coinbase network: not funded here.
    const testnet = await api.post(initPath, { addresses: [{ address, blockchains: ['arbitrum'] }] })
    expect(testnet.status).toBe(400)
    expect(testnet.body.error).toContain('(it funds base)')
  })

  it('reads the status from Coinbase’s Transaction Status API until it is final, then keeps it', async () => {
    coinbase.answer(() => ({ status: 200, body: { token: 't', channel_id: '' } }))
    const { api, address } = await member(server)
    const started = await api.post(initPath, { addresses: [{ address, blockchains: ['base'] }] })
    const id = (started.body as OnrampInitAnswer).partner_user_id
    let transactions: { status: string }[] = []
    coinbase.answer((request) =>
      request.method === 'POST'
        ? { status: 200, body: { token: 't', channel_id: '' } }
        : {
            status: 200,
            body: { transactions, next_page_key: '', total_count: String(transactions.length) },
          },
    )
    expect((await statusOf(api, id)).body).toEqual({ status: 'pending' })
    transactions = [{ status: 'ONRAMP_TRANSACTION_STATUS_IN_PROGRESS' }]
    expect((await statusOf(api, id)).body).toEqual({ status: 'pending' })
    const asked = coinbase.seen.at(-1) as Seen
    expect(asked.method).toBe('GET')
    expect(asked.path).toBe(`/onramp/v1/buy/user/${id}/transactions`)
    expectCdpJwt(asked, 'ES256', `GET ${coinbase.host}/onramp/v1/buy/user/${id}/transactions`)
    transactions = [
      { status: 'ONRAMP_TRANSACTION_STATUS_SUCCESS' },
      { status: 'ONRAMP_TRANSACTION_STATUS_FAILED' },
    ]
    expect((await statusOf(api, id)).body).toEqual({ status: 'success' })
    // Final: kept, and Coinbase is not asked again.
    const count = coinbase.seen.length
    transactions = [{ status: 'ONRAMP_TRANSACTION_STATUS_FAILED' }]
    expect((await statusOf(api, id)).body).toEqual({ status: 'success' })
    expect(coinbase.seen.length).toBe(count)

    const second = await api.post(initPath, { addresses: [{ address, blockchains: ['base'] }] })
    const failedId = (second.body as OnrampInitAnswer).partner_user_id
    expect(coinbase.seen.at(-1)?.method).toBe('POST')
    expect((await statusOf(api, failedId)).body).toEqual({ status: 'failure' })
    // Another member's purchase is not theirs to read, nor Coinbase's to be asked about.
    const other = await member(server)
    const asking = coinbase.seen.length
    expect((await statusOf(other.api, failedId)).status).toBe(404)
    expect(coinbase.seen.length).toBe(asking)
  })

  it('turns a Coinbase 4xx or 5xx into a plain 502 for the member, and its reason into the log, never the key', async () => {
    const { api, address } = await member(server)
    coinbase.answer((request) => ({
      status: 401,
      // A Coinbase that echoes what it was sent: the log must still not hold the JWT.
      body: { errorType: 'unauthorized', errorMessage: `Invalid signature for ${request.jwt}` },
    }))
    const refused = await api.post(initPath, { addresses: [{ address, blockchains: ['base'] }] })
    expect(refused.status).toBe(502)
    expect(refused.body).toEqual({
      error:
        'Coinbase could not start the purchase: it refused the request. Try again; if it keeps happening, tell your administrator.',
      code: 'onramp_unavailable',
    })
    const jwt = (coinbase.seen.at(-1) as Seen).jwt
    coinbase.answer(() => ({ status: 503, body: { message: 'upstream maintenance' } }))
    const down = await api.post(initPath, { addresses: [{ address, blockchains: ['base'] }] })
    expect(down.status).toBe(502)
    expect(down.body.error).toBe(
      'Coinbase could not start the purchase: it is not working right now. Try again in a few minutes.',
    )
    const log = server.logs.join('\n')
    expect(log).toContain('answered 401: unauthorized: Invalid signature for [the JWT]')
    expect(log).toContain('answered 503: upstream maintenance')
    expect(log).not.toContain(jwt)
    for (const line of es256Secret.split('\n').filter((each) => each.length > 20))
      expect(log).not.toContain(line)
    expect(refused.text).not.toContain('unauthorized')
  })
})

describe('Coinbase with an Ed25519 key, behind one proxy (TRUST_PROXY=1)', () => {
  it('signs with EdDSA, and sends the client IP the proxy saw, not what the client wrote before it', async () => {
    const coinbase = await fakeCoinbase(ed25519.publicKey, 'EdDSA')
    closers.push(coinbase.close)
    const server = await productionServer({
      CDP_API_KEY_ID: keyId,
      CDP_API_KEY_SECRET: ed25519Secret,
      CDP_PROJECT_ID: 'cdp-project-2',
      COINBASE_API_URL: coinbase.origin,
      TRUST_PROXY: '1',
    })
    coinbase.answer(() => ({ status: 200, body: { token: 'ed-token', channel_id: 'c' } }))
    const { api, address } = await member(server, { 'x-forwarded-for': '198.51.100.1, 203.0.113.9' })
    const answer = await api.post(initPath, {
      addresses: [{ address, blockchains: ['base'] }],
      assets: ['ETH'],
    })
    expect(answer.status, answer.text).toBe(200)
    expect(answer.body.session_token).toBe('ed-token')
    expect(coinbase.refused).toEqual([])
    const request = coinbase.seen.at(-1) as Seen
    expectCdpJwt(request, 'EdDSA', `POST ${coinbase.host}/onramp/v1/token`)
    expect(decodeProtectedHeader(request.jwt).alg).toBe('EdDSA')
    expect(request.body).toEqual({
      addresses: [{ address, blockchains: ['base'] }],
      assets: ['ETH'],
      clientIp: '203.0.113.9',
    })
  })
})

describe('production without a CDP key', () => {
  it('reports the on-ramp missing, funds no network, and answers not_supported', async () => {
    const server = await productionServer({})
    const api = new ApiClient(server.url)
    expect((await api.get('/api/health')).body.parts.onramp).toEqual({ status: 'missing' })
    const chains = (await api.get('/api/v1/chains')).body.chains as ListedChain[]
    expect(chains.map((chain) => chain.onramp_network)).toEqual([null, null])
    expect((await api.get(`/api/v1/apps/${server.appId}`)).body.fiat_on_ramp_enabled).toBe(false)
    const { api: signedIn, address } = await member(server)
    const answer = await signedIn.post(initPath, { addresses: [{ address, blockchains: ['base'] }] })
    expect(answer.status).toBe(404)
    expect(answer.body.code).toBe('not_supported')
    expect(answer.body.error).toContain('CDP_API_KEY_ID')
  })
})

describe('the CDP key settings', () => {
  const base = { CDP_API_KEY_ID: keyId, CDP_PROJECT_ID: 'p' }
  it('refuse a malformed key, naming the setting and never quoting it', () => {
    const mixed = Buffer.concat([
      Buffer.from(ed25519Secret, 'base64').subarray(0, 32),
      Buffer.from(
        generateKeyPairSync('ed25519').publicKey.export({ format: 'jwk' }).x as string,
        'base64url',
      ),
    ]).toString('base64')
    const rsa = generateKeyPairSync('rsa', { modulusLength: 1024 }).privateKey.export({
      format: 'pem',
      type: 'pkcs8',
    })
    for (const [secret, problem] of [
      ['not-a-key!', 'neither a PEM EC key nor an Ed25519 key as base64'],
      [
        Buffer.alloc(32, 7).toString('base64'),
        'an Ed25519 key is 64 bytes of base64 (seed and public key), this one is 32 bytes',
      ],
      [mixed, 'its last 32 bytes are not the public key of its first 32'],
      [rsa.toString(), 'a PEM key must be an EC key on P-256'],
      [
        '-----BEGIN EC PRIVATE KEY-----\nAAAA\n-----END EC PRIVATE KEY-----',
        'not a readable PEM private key',
      ],
    ] as const) {
      let message = ''
      try {
        loadSettings({ ...base, CDP_API_KEY_SECRET: secret })
      } catch (error) {
        message = String(error)
      }
      expect(message).toContain(`CDP_API_KEY_SECRET: ${problem}`)
      expect(message).not.toContain(secret.slice(0, 16))
    }
    expect(() => loadSettings({ CDP_API_KEY_ID: keyId })).toThrow(
      'CDP_API_KEY_ID, CDP_API_KEY_SECRET and CDP_PROJECT_ID: set all three, or none',
    )
  })

  it('accept both key forms, a PEM with its line breaks written as \\n too', () => {
    for (const secret of [es256Secret, es256Secret.replaceAll('\n', '\\n'), ed25519Secret]) {
      expect(loadSettings({ ...base, CDP_API_KEY_SECRET: secret }).coinbase?.keyId).toBe(keyId)
    }
  })
})
