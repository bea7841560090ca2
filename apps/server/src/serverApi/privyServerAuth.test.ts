import { PrivyClient } from '@privy-io/server-auth'
import { SignJWT } from 'jose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { resetRateLimit } from '../http/rateLimit.ts'
import { ApiClient, uniqueEmail, uniquePhoneNumber } from '../testing/ApiClient.ts'
import { sharedTestDatabase, startTestServer, type TestServer } from '../testing/startTestServer.ts'
import { type MemberWallet, signedInMember, type WalletCaller } from '../testing/WalletCaller.ts'

// Privy's own published server library, @privy-io/server-auth, pointed at Charter by its apiURL, with the app
// id and APP_SECRET, as an app's backend would use it (docs/migrating-from-privy.md). It runs on Node only.

const appId = 'charter-local'
const appSecret = 'e3b98a4da31a127d4bde6e43a8a6b6a3c6c2d1f0a9e8d7c6b5a4f3e2d1c0b9a8'

let server: TestServer
let privy: PrivyClient
beforeAll(async () => {
  server = await startTestServer({
    env: { APP_ID: appId, APP_SECRET: appSecret, ACCESS_TOKEN_ISSUER: 'privy.io' },
  })
  privy = new PrivyClient(appId, appSecret, { apiURL: server.url })
  // The library calls from this machine's own address, where a PostgreSQL kept between runs still counts the
  // wrong secrets of earlier runs: start this run from none.
  const { db } = await sharedTestDatabase()
  for (const address of ['127.0.0.1', '::ffff:127.0.0.1', '::1']) {
    await resetRateLimit(db, `app-secret-failures:${address}`)
  }
})
afterAll(() => server.close())

/** What a server-auth call was refused with: its HTTP status, code and message. */
async function refusal(call: Promise<unknown>) {
  const error = await call.then(
    () => undefined,
    (thrown: unknown) => thrown,
  )
  expect(error).toBeInstanceOf(Error)
  const { status, type, message } = error as { status?: number; type?: string; message: string }
  return { status, code: type, message }
}

/** A token for the session of `token`, with other claims: what a forger or another app would hold. */
async function tokenLike(token: string, claims: { audience?: string; issuer?: string; expiresAt?: number }) {
  const { sid, sub } = JSON.parse(Buffer.from(token.split('.')[1] as string, 'base64url').toString())
  const now = Math.floor(Date.now() / 1000)
  return new SignJWT({ sid })
    .setProtectedHeader({ alg: 'ES256', typ: 'JWT' })
    .setIssuer(claims.issuer ?? 'privy.io')
    .setAudience(claims.audience ?? appId)
    .setSubject(sub)
    .setIssuedAt(now - 7200)
    .setExpirationTime(claims.expiresAt ?? now + 3600)
    .sign(server.parts.accessTokenKeys.privateKey)
}

async function member() {
  const phoneNumber = uniquePhoneNumber()
  const api = new ApiClient(server.url)
  const signedIn = await api.signInByPhone(phoneNumber)
  expect(signedIn.status).toBe(200)
  return { api, phoneNumber, user: signedIn.body.user, token: signedIn.body.token as string }
}

describe("Privy's server library against Charter", () => {
  it('reads the app settings, with the key that verifies access tokens', async () => {
    const settings = await privy.getAppSettings()
    expect(settings).toMatchObject({
      id: appId,
      name: 'Charter',
      smsAuth: true,
      emailAuth: true,
      walletAuth: false,
      googleOAuth: false,
      allowlistEnabled: false,
    })
    expect(settings.verificationKey).toMatch(/^-----BEGIN PUBLIC KEY-----\n/)
    const createdAt = settings.createdAt?.getTime() ?? Number.NaN
    expect(createdAt).toBeLessThanOrEqual(Date.now())
    expect(settings.updatedAt?.getTime()).toBeGreaterThanOrEqual(createdAt)
  })

  it('verifies a fresh access token, whether it fetches the key or is given it', async () => {
    const { user, token } = await member()
    const claims = await privy.verifyAuthToken(token)
    expect(claims).toMatchObject({
      appId,
      issuer: 'privy.io',
      userId: user.id,
      sessionId: expect.any(String),
    })
    const { verificationKey } = await privy.getAppSettings()
    expect(await new PrivyClient(appId, 'not the secret').verifyAuthToken(token, verificationKey)).toEqual(
      claims,
    )
  })

  it('refuses an expired token, one for another app, and one from another issuer', async () => {
    const { token } = await member()
    const expired = await tokenLike(token, { expiresAt: Math.floor(Date.now() / 1000) - 60 })
    await expect(privy.verifyAuthToken(expired)).rejects.toThrow(/exp/)
    const foreign = await tokenLike(token, { audience: 'another-app' })
    await expect(privy.verifyAuthToken(foreign)).rejects.toThrow(/aud/)
    const charterIssued = await tokenLike(token, { issuer: 'charter' })
    await expect(privy.verifyAuthToken(charterIssued)).rejects.toThrow(/iss/)
  })

  it('looks a user up by id, email, phone number and wallet, converted by its own converter', async () => {
    const { phoneNumber, user } = await member()
    const email = uniqueEmail()
    const found = await privy.getUser(user.id)
    expect(found.id).toBe(user.id)
    expect(found.createdAt).toEqual(new Date(user.created_at * 1000))
    expect(found.phone?.number).toBe(phoneNumber)
    expect(found.wallet?.address).toMatch(/^0x[0-9a-fA-F]{40}$/)
    expect(found.wallet?.chainType).toBe('ethereum')
    // Every account's dates are real dates (a wallet's too).
    for (const account of found.linkedAccounts) {
      expect((account as { verifiedAt: Date }).verifiedAt.getTime(), account.type).not.toBeNaN()
    }
    expect(found.linkedAccounts.map((account) => account.type)).toEqual(['phone', 'wallet', 'wallet'])

    const evmAddress = found.wallet?.address ?? ''
    expect((await privy.getUserByPhoneNumber(phoneNumber))?.id).toBe(user.id)
    expect((await privy.getUserByWalletAddress(evmAddress))?.id).toBe(user.id)
    expect((await privy.getUserByWalletAddress(evmAddress.toLowerCase()))?.id).toBe(user.id)
    const solana = found.linkedAccounts.find(
      (account) => account.type === 'wallet' && account.chainType === 'solana',
    ) as { address: string }
    expect((await privy.getUserByWalletAddress(solana.address))?.id).toBe(user.id)

    // Found by email once the member has one; nobody has an address no one signed in with.
    expect(await privy.getUserByEmail(email)).toBeNull()
    expect(await privy.getUserByPhoneNumber(uniquePhoneNumber())).toBeNull()
    expect(await privy.getUserByWalletAddress(`0x${'0'.repeat(39)}1`)).toBeNull()
    const byEmail = await new ApiClient(server.url).signInByEmail(email)
    expect((await privy.getUserByEmail(email.toUpperCase()))?.id).toBe(byEmail.body.user.id)
  })

  it('answers 404 for a user id that names no user', async () => {
    const missing = await refusal(privy.getUser('did:charter:0000000000000000000000000'))
    expect(missing).toMatchObject({ status: 404, code: 'user_does_not_exist' })
  })

  it('is refused with a wrong app secret, or the right one for another app id', async () => {
    const { user } = await member()
    const wrong = await refusal(
      new PrivyClient(appId, `${appSecret}0`, { apiURL: server.url }).getUser(user.id),
    )
    expect(wrong).toMatchObject({ status: 401, code: 'invalid_credentials' })
    const otherApp = await refusal(
      new PrivyClient('another-app', appSecret, { apiURL: server.url }).getUserByPhoneNumber('+14155550100'),
    )
    expect(otherApp).toMatchObject({ status: 401, code: 'invalid_credentials' })
  })
})

describe('deleteUser', () => {
  async function exportKey(caller: WalletCaller, wallet: MemberWallet, to: string) {
    await caller.post(`/api/v1/wallets/${wallet.id}/export/init`, {})
    const code = await caller.api.codeFor(to)
    const exported = await caller.post(`/api/v1/wallets/${wallet.id}/export`, { code, format: 'private_key' })
    expect(exported.status).toBe(200)
  }

  it('refuses to destroy keys that were never exported, and says what to do', async () => {
    const { user, token } = await member()
    const refused = await refusal(privy.deleteUser(user.id))
    expect(refused).toMatchObject({ status: 400, code: 'not_supported' })
    expect(refused.message).toContain('2 wallets whose keys were never exported')
    expect(refused.message).toContain('destroy_unexported_keys=true')
    expect((await privy.getUser(user.id)).id).toBe(user.id)
    expect(
      (await new ApiClient(server.url).get('/api/v1/users/me', { authorization: `Bearer ${token}` })).status,
    ).toBe(200)
  })

  it('deletes a member whose keys were all exported: the user, the sessions, the addresses', async () => {
    const { api, caller, wallet, address } = await signedInMember(server.url, 'phone')
    await exportKey(caller, wallet('ethereum'), address)
    await exportKey(caller, wallet('solana'), address)
    const { body } = await api.get('/api/v1/users/me')
    const userId = body.user.id as string

    await privy.deleteUser(userId)
    expect(await refusal(privy.getUser(userId))).toMatchObject({ status: 404 })
    expect(await privy.getUserByPhoneNumber(address)).toBeNull()
    expect((await api.get('/api/v1/users/me')).status).toBe(401)
    // The phone number is free again: signing in with it makes a new user.
    const again = await new ApiClient(server.url).signInByPhone(address)
    expect(again.body.is_new_user).toBe(true)
    expect(again.body.user.id).not.toBe(userId)
  })
})

describe('a server without APP_SECRET', () => {
  let plain: TestServer
  beforeAll(async () => {
    plain = await startTestServer({ env: { APP_ID: appId } })
  })
  afterAll(() => plain.close())

  it('has the server library’s routes off, and says how to turn them on', async () => {
    const client = new PrivyClient(appId, appSecret, { apiURL: plain.url })
    const off = await refusal(client.getUser('did:charter:0000000000000000000000000'))
    expect(off).toMatchObject({ status: 400, code: 'not_supported' })
    expect(off.message).toContain('set APP_SECRET')
  })
})
