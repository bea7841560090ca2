import { createHash } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { createSiweMessage } from 'viem/siwe'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sweepExpired } from '../../db/housekeeping.ts'
import { signInNonces } from '../../db/schema.ts'
import type { Json } from '../../testing/Json.ts'
import { productionTestEnv } from '../../testing/productionTestEnv.ts'
import { sharedTestDatabase, startTestServer, type TestServer } from '../../testing/startTestServer.ts'
import { withTimeLeftInWindow } from '../../testing/throttleWindows.ts'
import { consumeSignInNonce, issueSignInNonce } from './signInNonces.ts'

let app: TestServer
/** This file's own client address, so its throttling counts are not shared with other tests on the database. */
const client = `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`

async function post(path: string, body: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(`${app.url}/api/v1/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': client, ...headers },
    body: JSON.stringify(body),
  })
  return { status: response.status, headers: response.headers, body: (await response.json()) as Json }
}

const newAddress = () => privateKeyToAccount(generatePrivateKey()).address

beforeAll(async () => {
  // The client's allowance (12 an hour) is spent across this file's tests: its hour must not turn over meanwhile.
  await withTimeLeftInWindow(3600, 40_000)
  // No node is asked: the signatures here are an ordinary account's, which viem checks by recovering the key.
  // One proxy is trusted, so this file's client address is its X-Forwarded-For.
  app = await startTestServer({
    env: { ...productionTestEnv('84532', { RPC_URL_84532: 'http://127.0.0.1:9' }), TRUST_PROXY: '1' },
    walletSignInLimits: {
      perAddress: { limit: 3, windowSeconds: 600 },
      perClient: { limit: 12, windowSeconds: 3600 },
    },
  })
}, 60_000)

afterAll(async () => {
  await app?.close()
})

describe('sign-in nonces', () => {
  it('answers a nonce that lasts 10 minutes and stores only its SHA-256', async () => {
    const address = newAddress()
    const before = Math.floor(Date.now() / 1000)
    const answer = await post('siwe/init', { address })
    expect(answer.status).toBe(200)
    expect(answer.body).toEqual({
      nonce: expect.stringMatching(/^[0-9a-f]{32}$/),
      address,
      expires_at: expect.any(Number),
    })
    expect(answer.body.expires_at - before).toBeGreaterThanOrEqual(599)
    expect(answer.body.expires_at - before).toBeLessThanOrEqual(601)
    const { db } = await sharedTestDatabase()
    const rows = await db.select().from(signInNonces).where(eq(signInNonces.address, address.toLowerCase()))
    expect(rows).toHaveLength(1)
    expect(rows[0]?.nonceDigest).toBe(createHash('sha256').update(answer.body.nonce).digest('hex'))
    expect(JSON.stringify(rows)).not.toContain(answer.body.nonce)
  })

  it('throttles nonces per wallet address and per client address, saying when to come back', async () => {
    const address = newAddress()
    for (let i = 0; i < 3; i += 1) expect((await post('siwe/init', { address })).status).toBe(200)
    const refused = await post('siwe/init', { address })
    expect(refused.status).toBe(429)
    expect(refused.body.code).toBe('too_many_requests')
    expect(refused.body.error).toMatch(/^Too many sign-in requests for this wallet\. Try again in \d+/)
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)
    // Then the client address's own limit (12 an hour), whatever the wallet: 4 are spent above and in the first test.
    let status = 200
    let last: Json
    for (let i = 0; i < 12 && status === 200; i += 1) {
      const answer = await post('siwe/init', { address: newAddress() })
      status = answer.status
      last = answer.body
    }
    expect(status).toBe(429)
    expect(last.error).toMatch(/^Too many wallet sign-in requests from this network\./)
  })

  it('lets exactly one of two racing sign-ins with the same nonce through', async () => {
    const { db } = await sharedTestDatabase()
    const account = privateKeyToAccount(generatePrivateKey())
    const issued = await issueSignInNonce(db, {
      family: 'ethereum',
      address: account.address,
      client: 'race',
    })
    const request = { family: 'ethereum' as const, address: account.address, nonce: issued.nonce }
    const results = await Promise.all([consumeSignInNonce(db, request), consumeSignInNonce(db, request)])
    expect(results.sort()).toEqual([false, true])
    expect(await consumeSignInNonce(db, request)).toBe(false)
  })

  it('refuses a nonce once it has expired, and the sweep deletes it', async () => {
    const { db } = await sharedTestDatabase()
    const address = newAddress()
    const past = new Date(Date.now() - 11 * 60_000)
    const issued = await issueSignInNonce(db, { family: 'ethereum', address, client: 'old' }, { now: past })
    const request = { family: 'ethereum' as const, address, nonce: issued.nonce }
    expect(await consumeSignInNonce(db, request)).toBe(false)
    const where = and(eq(signInNonces.family, 'ethereum'), eq(signInNonces.address, address.toLowerCase()))
    expect(await db.select().from(signInNonces).where(where)).toHaveLength(1)
    await sweepExpired(db)
    expect(await db.select().from(signInNonces).where(where)).toHaveLength(0)
  })

  it('a verified message uses up its nonce over HTTP', async () => {
    const account = privateKeyToAccount(generatePrivateKey())
    const { db } = await sharedTestDatabase()
    const { nonce } = await issueSignInNonce(db, {
      family: 'ethereum',
      address: account.address,
      client: 'http',
    })
    const site = new URL('http://127.0.0.1')
    const message = createSiweMessage({
      address: account.address,
      chainId: 84532,
      domain: site.host,
      uri: site.origin,
      version: '1',
      nonce,
    })
    const signature = await account.signMessage({ message })
    expect(
      (
        await post('siwe/authenticate', {
          message,
          signature,
          chainId: 84532,
          walletClientType: 'metamask',
          connectorType: 'injected',
        })
      ).status,
    ).toBe(200)
    const again = await post('siwe/authenticate', {
      message,
      signature,
      chainId: 84532,
      walletClientType: 'metamask',
      connectorType: 'injected',
    })
    expect(again.status).toBe(401)
    expect(again.body.code).toBe('invalid_credentials')
  })
})
