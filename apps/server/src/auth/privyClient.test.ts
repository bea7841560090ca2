import { generateKeyPairSync, sign } from 'node:crypto'
import {
  authenticationResponseFromWire,
  authorizationPayload,
  type WireAuthenticationOptions,
} from '@charter/core'
import Privy, { InMemoryCache, PrivyApiError } from '@privy-io/js-sdk-core'
import { decodeJwt, SignJWT } from 'jose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ApiClient, uniqueEmail, uniquePhoneNumber } from '../testing/ApiClient.ts'
import { SoftPasskey } from '../testing/softPasskey.ts'
import { startTestServer, type TestServer } from '../testing/startTestServer.ts'
import { signedInMember } from '../testing/WalletCaller.ts'

// Privy's own published client, @privy-io/js-sdk-core, pointed at Charter by its base URL and nothing else
// (docs/migrating-from-privy.md), driving the running server as an app built on it would.

let server: TestServer
// The id the server generated into its data folder (APP_ID unset), in Privy's shape, as an app is given it.
let appId: string
beforeAll(async () => {
  server = await startTestServer()
  appId = server.appId
})
afterAll(() => server.close())

/**
 * A Privy client for this server. `baseUrl` is read by the client but left out of its published options type;
 * `fetch` stands in for the page's fetch, which the client takes when it is made.
 */
function privyClient(fetch: typeof globalThis.fetch = globalThis.fetch) {
  const options = { appId, storage: new InMemoryCache(), baseUrl: server.url }
  const pageFetch = globalThis.fetch
  globalThis.fetch = fetch
  try {
    return { privy: new Privy(options), storage: options.storage }
  } finally {
    globalThis.fetch = pageFetch
  }
}

/** Reads Charter's side of a session: the user its bearer token belongs to, or the refusal. */
const me = (token: string) =>
  new ApiClient(server.url).get('/api/v1/users/me', { authorization: `Bearer ${token}` })

/** A member signed in by phone through Privy's client, and the client holding the session. */
async function signedInByPhone() {
  const { privy, storage } = privyClient()
  const phoneNumber = uniquePhoneNumber()
  expect(await privy.auth.phone.sendCode(phoneNumber)).toMatchObject({ success: true })
  const code = await new ApiClient(server.url).codeFor(phoneNumber)
  const signedIn = await privy.auth.phone.loginWithCode(phoneNumber, code)
  return { privy, storage, phoneNumber, signedIn }
}

/** What a Privy client call was refused with. */
async function refusal(call: Promise<unknown>): Promise<PrivyApiError> {
  const error = await call.then(
    () => undefined,
    (thrown: unknown) => thrown,
  )
  expect(error).toBeInstanceOf(PrivyApiError)
  return error as PrivyApiError
}

describe("Privy's client against Charter", () => {
  it('reads the app configuration first, and finds Charter as it is', async () => {
    const { privy } = privyClient()
    await privy.initialize()
    const config = privy.app.getConfig()
    expect(config).toMatchObject({
      id: appId,
      name: 'Charter',
      sms_auth: true,
      email_auth: true,
      wallet_auth: false,
      custom_api_url: null,
      mfa_methods: [],
    })
    expect(config?.verification_key).toMatch(/^-----BEGIN PUBLIC KEY-----/)
  })

  it('signs in by phone, and the session is Charter’s own', async () => {
    const { privy, phoneNumber, signedIn } = await signedInByPhone()
    expect(signedIn.is_new_user).toBe(true)
    expect(signedIn.user.linked_accounts).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ type: 'phone', phoneNumber }),
        expect.objectContaining({ type: 'wallet', chain_type: 'ethereum', wallet_client_type: 'privy' }),
        expect.objectContaining({ type: 'wallet', chain_type: 'solana', wallet_client_type: 'privy' }),
      ]),
    )
    const token = await privy.getAccessToken()
    expect(token).toBeTruthy()
    const charter = await me(token as string)
    expect(charter.status).toBe(200)
    expect(charter.body.user).toEqual(signedIn.user)
  })

  it('signs in with a passkey through privy.auth.passkey, and user.get lists it as a passkey account', async () => {
    // The member adds a passkey on Charter's own page (a signed link), then an app on Privy's client signs in with it.
    const member = await signedInMember(server.url)
    const passkey = new SoftPasskey(`http://localhost:${new URL(server.url).port}`)
    const init = await member.api.post('/api/v1/passkeys/link/init', {})
    const linked = await member.caller.post('/api/v1/passkeys/link', {
      authenticator_response: passkey.create(init.body.options),
      name: 'Laptop',
    })
    expect(linked.status, linked.text).toBe(200)
    const { privy } = privyClient()
    await privy.initialize()
    expect(privy.app.getConfig()).toMatchObject({ passkey_auth: true, passkeys_for_signup_enabled: false })
    const { options } = await privy.auth.passkey.generateAuthenticationOptions()
    const answer = authenticationResponseFromWire(passkey.get(options as WireAuthenticationOptions))
    const signedIn = await privy.auth.passkey.loginWithPasskey(answer as never, options.challenge)
    expect(signedIn.user.id).toBe(linked.body.id)
    const { user } = await privy.user.get()
    expect(user.linked_accounts).toContainEqual(
      expect.objectContaining({
        type: 'passkey',
        credential_id: passkey.credentialId,
        enrolled_in_mfa: false,
        latest_verified_at: expect.any(Number),
      }),
    )
  })

  it('signs in by email, and again as the same user', async () => {
    const email = uniqueEmail()
    const first = privyClient().privy
    await first.auth.email.sendCode(email)
    const created = await first.auth.email.loginWithCode(
      email,
      await new ApiClient(server.url).codeFor(email),
    )
    expect(created.is_new_user).toBe(true)
    expect(created.user.linked_accounts[0]).toMatchObject({ type: 'email', address: email })

    const second = privyClient().privy
    await second.auth.email.sendCode(email)
    const again = await second.auth.email.loginWithCode(email, await new ApiClient(server.url).codeFor(email))
    expect(again.is_new_user).toBe(false)
    expect(again.user.id).toBe(created.user.id)
  })

  it('reads the user with user.get, which refreshes the session', async () => {
    const { privy, storage, signedIn } = await signedInByPhone()
    const refreshKey = `privy:${signedIn.user.id}:refresh_token`
    const before = storage.get(refreshKey)
    const { user } = await privy.user.get()
    expect(user).toEqual(signedIn.user)
    const after = storage.get(refreshKey)
    expect(after).toEqual(expect.any(String))
    expect(after).not.toBe(before)
    expect((await me((await privy.getAccessToken()) as string)).status).toBe(200)
  })

  it('refreshes an access token about to expire, as getAccessToken does', async () => {
    const { privy, storage, signedIn } = await signedInByPhone()
    const current = (await privy.getAccessToken()) as string
    // The same session's token, but expiring in 10 seconds: the client refreshes within 30 seconds of expiry.
    const claims = decodeJwt(current)
    const expiring = await new SignJWT({ sid: claims.sid })
      .setProtectedHeader({ alg: 'ES256', typ: 'JWT' })
      .setIssuer(claims.iss as string)
      .setAudience(appId)
      .setSubject(signedIn.user.id)
      .setIssuedAt()
      .setExpirationTime(Math.floor(Date.now() / 1000) + 10)
      .sign(server.parts.accessTokenKeys.privateKey)
    storage.put(`privy:${signedIn.user.id}:token`, expiring)

    const refreshed = (await privy.getAccessToken()) as string
    expect(refreshed).not.toBe(expiring)
    expect((decodeJwt(refreshed).exp ?? 0) - Date.now() / 1000).toBeGreaterThan(3000)
    expect(decodeJwt(refreshed).sid).toBe(claims.sid)
    expect((await me(refreshed)).status).toBe(200)
  })

  it('logs out: the client forgets the session, and Charter ends it', async () => {
    const { privy } = await signedInByPhone()
    const token = (await privy.getAccessToken()) as string
    await privy.auth.logout()
    expect(await privy.getAccessToken()).toBeNull()
    // The client sends the logout without waiting for it.
    await expect.poll(async () => (await me(token)).status, { timeout: 5000 }).toBe(401)
  })

  it('logs out after the access token expired: the refresh token it gives up names the session', async () => {
    const { privy, storage, signedIn } = await signedInByPhone()
    const claims = decodeJwt((await privy.getAccessToken()) as string)
    const expired = await new SignJWT({ sid: claims.sid })
      .setProtectedHeader({ alg: 'ES256', typ: 'JWT' })
      .setIssuer(claims.iss as string)
      .setAudience(appId)
      .setSubject(signedIn.user.id)
      .setIssuedAt(Math.floor(Date.now() / 1000) - 7200)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 3600)
      .sign(server.parts.accessTokenKeys.privateKey)
    storage.put(`privy:${signedIn.user.id}:token`, expired)
    const refreshToken = storage.get(`privy:${signedIn.user.id}:refresh_token`) as string

    // The client sends the logout without waiting for it: wait for the server to have answered it.
    const logouts = () =>
      server.logs.filter((line) => line.includes('POST /api/v1/sessions/logout 200')).length
    const before = logouts()
    await privy.auth.logout()
    await expect.poll(logouts, { timeout: 5000 }).toBe(before + 1)
    const refreshed = await new ApiClient(server.url).post('/api/v1/sessions', {
      refresh_token: refreshToken,
    })
    expect(refreshed.status).toBe(401)
  })
})

describe('where Charter is stricter than Privy', () => {
  it('refuses linkWithCode and updatePhone from a client that signs nothing, naming what is missing', async () => {
    const { privy, phoneNumber, signedIn } = await signedInByPhone()
    const email = uniqueEmail()
    await privy.auth.email.sendCode(email)
    const code = await new ApiClient(server.url).codeFor(email)

    const link = await refusal(privy.auth.email.linkWithCode(email, code))
    expect(link.status).toBe(401)
    expect(link.code).toBe('missing_or_invalid_mfa')
    expect(link.message).toContain('no device key')
    expect(link.message).toContain('POST /api/v1/step_up/init {"action": "register_key"}')
    expect(link.message).toContain('POST /api/v1/sessions/authorization_key')

    const update = await refusal(
      privy.auth.phone.updatePhone({
        oldPhoneNumber: phoneNumber,
        newPhoneNumber: uniquePhoneNumber(),
        code,
      }),
    )
    expect(update.status).toBe(401)
    expect(update.code).toBe('missing_or_invalid_mfa')

    // Nothing changed.
    const { user } = await privy.user.get()
    expect(user.linked_accounts.filter((account) => account.type !== 'wallet')).toEqual([
      expect.objectContaining({ type: 'phone', phoneNumber }),
    ])
    expect(user.id).toBe(signedIn.user.id)
  })

  it('links once the app adds Charter’s step-up: a device key confirmed by code, and signed requests', async () => {
    // The app's device key, and a fetch that signs account changes with it (docs/migrating-from-privy.md).
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' })
    const signingFetch: typeof globalThis.fetch = async (input, init) => {
      const request = new Request(input, init)
      if (!/\/api\/v1\/passwordless(_sms)?\/(link|update)$/.test(new URL(request.url).pathname)) {
        return fetch(request)
      }
      const expiry = String(Date.now() + 60_000)
      const payload = authorizationPayload({
        method: 'POST',
        url: request.url,
        body: JSON.parse(await request.clone().text()),
        headers: { 'privy-app-id': appId, 'privy-request-expiry': expiry },
      })
      const headers = new Headers(request.headers)
      headers.set('privy-request-expiry', expiry)
      headers.set(
        'privy-authorization-signature',
        sign('sha256', payload, { key: privateKey, dsaEncoding: 'der' }).toString('base64'),
      )
      return fetch(new Request(request, { headers }))
    }
    const { privy } = privyClient(signingFetch)
    const phoneNumber = uniquePhoneNumber()
    const api = new ApiClient(server.url)
    await privy.auth.phone.sendCode(phoneNumber)
    await privy.auth.phone.loginWithCode(phoneNumber, await api.codeFor(phoneNumber))

    // The session gets its key with a code sent to the member's phone.
    const bearer = { authorization: `Bearer ${await privy.getAccessToken()}` }
    const asked = await api.post('/api/v1/step_up/init', { action: 'register_key' }, bearer)
    expect(asked.status).toBe(200)
    const registered = await api.post(
      '/api/v1/sessions/authorization_key',
      {
        public_key: publicKey.export({ format: 'der', type: 'spki' }).toString('base64'),
        code: await api.codeFor(phoneNumber),
      },
      bearer,
    )
    expect(registered.status).toBe(200)

    const email = uniqueEmail()
    await privy.auth.email.sendCode(email)
    const linked = await privy.auth.email.linkWithCode(email, await api.codeFor(email))
    expect(linked.user.linked_accounts).toEqual(
      expect.arrayContaining([expect.objectContaining({ type: 'email', address: email })]),
    )
  })
})
