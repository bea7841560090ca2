import { importSPKI, jwtVerify } from 'jose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ApiClient, uniqueEmail, uniquePhoneNumber } from '../testing/ApiClient.ts'
import { startTestServer, type TestServer } from '../testing/startTestServer.ts'
import { withTimeLeftInWindow } from '../testing/throttleWindows.ts'
import { appSecretFailureLimit } from './appSecret.ts'

// The server API over HTTP, as an attacker tries it: no credentials, wrong ones, a member's session instead
// of the app's secret, ids and bodies built to hurt. Behind a "proxy" so each test's client address is its
// own.

const appId = 'charter-local'
const appSecret = '7c1f0e9d8b2a4c6e5f3a1d0b9c8e7f6a5b4c3d2e1f0a9b8c7d6e5f4a3b2c1d0e'

let server: TestServer
beforeAll(async () => {
  server = await startTestServer({
    env: {
      APP_ID: appId,
      APP_SECRET: appSecret,
      TRUST_PROXY: 'true',
      APP_NAME: 'Acme Wallet',
      APP_LOGO_URL: 'https://acme.example.org/logo.png',
      APP_TERMS_URL: 'https://acme.example.org/terms',
    },
  })
})
afterAll(() => server.close())

const basic = (id: string, secret: string) => `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`
const rightHeaders = { authorization: basic(appId, appSecret), 'privy-app-id': appId }

/** A caller from an address of its own, sending `headers` with every request. */
function caller(headers: Record<string, string> = {}) {
  const api = new ApiClient(server.url)
  const from = {
    'x-forwarded-for': `198.51.100.${Math.floor(Math.random() * 250) + 1}, 192.0.2.${counter++}`,
  }
  const request = api.request.bind(api)
  api.request = (method, path, body, extra = {}) =>
    request(method, path, body, { ...from, ...headers, ...extra })
  return api
}
let counter = 1

async function member() {
  const api = caller()
  const phoneNumber = uniquePhoneNumber()
  const signedIn = await api.signInByPhone(phoneNumber)
  expect(signedIn.status).toBe(200)
  return { api, phoneNumber, user: signedIn.body.user, token: signedIn.body.token as string }
}

describe('GET /api/v1/apps/{app_id}', () => {
  it('answers the app’s public configuration, true to what Charter does', async () => {
    const { status, body, headers, text } = await caller().get(`/api/v1/apps/${appId}`)
    expect(status).toBe(200)
    expect(headers.get('cache-control')).toBe('no-store')
    expect(body).toMatchObject({
      id: appId,
      name: 'Acme Wallet',
      logo_url: 'https://acme.example.org/logo.png',
      accent_color: '#1f4bd8',
      terms_and_conditions_url: 'https://acme.example.org/terms',
      privacy_policy_url: null,
      sms_auth: true,
      email_auth: true,
      wallet_auth: false,
      mfa_methods: [],
      custom_api_url: null,
      data_classification: 'public',
      embedded_wallet_config: { mode: 'user-controlled-server-wallets-only', create_on_login: 'all-users' },
    })
    // Only the sign-in channels this server has, passkeys (bound to localhost here), and its on-ramp (the embedded
    // sandbox) are true; nothing Charter lacks says it has it.
    const trueFields = Object.entries(body)
      .filter(([, value]) => value === true)
      .map(([key]) => key)
    expect(trueFields.toSorted()).toEqual(['email_auth', 'fiat_on_ramp_enabled', 'passkey_auth', 'sms_auth'])
    expect(text).not.toContain(appSecret)
  })

  it('publishes the key that verifies the access tokens it signs', async () => {
    const { token } = await member()
    const { body } = await caller().get(`/api/v1/apps/${appId}`)
    const { payload } = await jwtVerify(token, await importSPKI(body.verification_key, 'ES256'), {
      audience: appId,
      issuer: 'charter',
    })
    expect(payload.sid).toEqual(expect.any(String))
  })

  it('answers 404 for another app id, and ignores credentials it does not need', async () => {
    const other = await caller().get('/api/v1/apps/another-app')
    expect(other.status).toBe(404)
    expect(other.body).toEqual({ error: expect.stringContaining('no app with this id'), code: 'not_found' })
    const wrong = await caller({ authorization: basic(appId, 'wrong') }).get(`/api/v1/apps/${appId}`)
    expect(wrong.status).toBe(200)
    expect((await caller(rightHeaders).get(`/api/v1/apps/${appId}`)).status).toBe(200)
  })

  it('counts no wrong secret sent to the public route against the app’s server', async () => {
    // A shared address (a NAT, a cloud egress) where someone sends wrong secrets to the public route…
    const shared = caller()
    for (let attempt = 0; attempt <= appSecretFailureLimit.limit * 2; attempt++) {
      const answer = await shared.get(`/api/v1/apps/${appId}`, {
        authorization: basic(appId, `guess-${attempt}`),
      })
      expect(answer.status).toBe(200)
    }
    // …and the app's own server behind the same address still gets in, and is not even slowed.
    const { phoneNumber, user } = await member()
    const found = await shared.post('/api/v1/users/phone/number', { number: phoneNumber }, rightHeaders)
    expect(found.status).toBe(200)
    expect(found.body.id).toBe(user.id)
  })
})

describe('the server API’s credentials', () => {
  const lookUp = (api: ApiClient, phoneNumber: string) =>
    api.post('/api/v1/users/phone/number', { number: phoneNumber })

  it('answers only the app’s own server, with Basic auth and privy-app-id', async () => {
    const { phoneNumber, user } = await member()
    const found = await lookUp(caller(rightHeaders), phoneNumber)
    expect(found.status).toBe(200)
    expect(found.body.id).toBe(user.id)

    const refusals: Record<string, string>[] = [
      {},
      { authorization: basic(appId, `${appSecret}x`) },
      { authorization: basic('another-app', appSecret) },
      { authorization: basic(appId, '') },
      { authorization: `Basic ${Buffer.from(appSecret).toString('base64')}` },
      { authorization: 'Basic !!!not-base64!!!' },
      { authorization: `Bearer ${appSecret}` },
    ]
    for (const headers of refusals) {
      const answer = await lookUp(caller({ ...headers, 'privy-app-id': appId }), phoneNumber)
      expect(answer.status, JSON.stringify(headers)).toBe(401)
      expect(answer.body.code).toBe('invalid_credentials')
      expect(answer.text).not.toContain(user.id)
    }
    const noAppId = await lookUp(caller({ authorization: basic(appId, appSecret) }), phoneNumber)
    expect(noAppId.status).toBe(400)
    expect(noAppId.body.code).toBe('missing_or_invalid_privy_app_id')
  })

  it('gives a member’s session, by bearer token or cookie, nothing here', async () => {
    const { api, token, phoneNumber, user } = await member()
    const byCookie = await lookUp(api, phoneNumber)
    expect(byCookie.status).toBe(401)
    expect(byCookie.body.code).toBe('invalid_credentials')
    const byBearer = await lookUp(caller({ authorization: `Bearer ${token}` }), phoneNumber)
    expect(byBearer.status).toBe(401)
    const deleted = await api.request('DELETE', `/api/v1/users/${user.id}?destroy_unexported_keys=true`)
    expect(deleted.status).toBe(401)
    expect((await api.get('/api/v1/users/me')).status).toBe(200)
  })

  it('counts and logs wrong secrets per client, slows only them, and never refuses the right one', async () => {
    await withTimeLeftInWindow(appSecretFailureLimit.windowSeconds, 15_000)
    const attacker = caller()
    for (let attempt = 1; attempt <= appSecretFailureLimit.limit; attempt++) {
      const wrong = await attacker.get('/api/v1/users/did:charter:0000000000000000000000000', {
        authorization: basic(appId, `guess-${attempt}`),
        'privy-app-id': appId,
      })
      expect(wrong.status, `attempt ${attempt}`).toBe(401)
    }
    const next = await attacker.get('/api/v1/users/did:charter:0000000000000000000000000', {
      authorization: basic(appId, 'one more guess'),
    })
    expect(next.status).toBe(429)
    expect(next.body.code).toBe('too_many_requests')
    expect(Number(next.headers.get('retry-after'))).toBeGreaterThan(0)
    // The app's server behind the same address: ten wrong secrets from there do not lock it out.
    const { phoneNumber, user } = await member()
    const right = await attacker.post('/api/v1/users/phone/number', { number: phoneNumber }, rightHeaders)
    expect(right.status).toBe(200)
    expect(right.body.id).toBe(user.id)
    // Still slowed: the wrong ones after it.
    const after = await attacker.get('/api/v1/users/did:charter:0000000000000000000000000', {
      authorization: basic(appId, 'and another'),
      'privy-app-id': appId,
    })
    expect(after.status).toBe(429)
    const warnings = server.logs.filter((line) => line.includes('A wrong app secret was sent'))
    expect(warnings.length).toBeGreaterThanOrEqual(appSecretFailureLimit.limit + 2)
    expect(warnings.join('\n')).not.toContain('guess-')
    // Asking with no secret at all guesses nothing, and is not what holds a client back.
    const asker = caller()
    for (let attempt = 0; attempt <= appSecretFailureLimit.limit; attempt++) {
      expect((await asker.get('/api/v1/users/did:charter:0000000000000000000000000')).status).toBe(401)
    }
    const askerRight = await asker.get('/api/v1/users/did:charter:0000000000000000000000000', rightHeaders)
    expect(askerRight.status).toBe(404)
    // Another client is not held back by the attacker's tries.
    const other = await caller(rightHeaders).get('/api/v1/users/did:charter:0000000000000000000000000')
    expect(other.status).toBe(404)
  })

  it('never writes the secret to the log', async () => {
    await caller(rightHeaders).get('/api/v1/users/did:charter:0000000000000000000000000')
    await caller({ authorization: basic(appId, appSecret.slice(1)) }).get(`/api/v1/apps/${appId}`)
    const log = server.logs.join('\n')
    expect(log).not.toContain(appSecret)
    expect(log).not.toContain(appSecret.slice(1))
    expect(log).not.toContain(Buffer.from(`${appId}:${appSecret}`).toString('base64'))
  })
})

describe('the server API’s paths and bodies', () => {
  it('keeps GET /users/me the member’s own, whatever the credentials', async () => {
    const { api, user } = await member()
    expect((await api.get('/api/v1/users/me')).body.user.id).toBe(user.id)
    const server = await caller(rightHeaders).get('/api/v1/users/me')
    expect(server.status).toBe(401)
    expect(server.body.code).toBe('must_be_authenticated')
    const deleteMe = await caller(rightHeaders).request('DELETE', '/api/v1/users/me')
    expect(deleteMe.status).toBe(404)
    expect((await api.get('/api/v1/users/me')).status).toBe(200)
  })

  it('finds no user for an id built to hurt', async () => {
    const { user } = await member()
    const app = caller(rightHeaders)
    for (const id of [
      `${user.id}'%20OR%20'1'='1`,
      `${user.id}%00`,
      `${user.id}%2F..%2F..%2Fhealth`,
      encodeURIComponent(`${user.id}/events`),
      `did:charter:${'a'.repeat(5000)}`,
      '%25',
      'did%3Acharter%3A',
      user.id.toUpperCase(),
    ]) {
      const answer = await app.get(`/api/v1/users/${id}`)
      expect([400, 404], id.slice(0, 40)).toContain(answer.status)
      expect(answer.text).not.toContain(user.id)
      const deleted = await app.request('DELETE', `/api/v1/users/${id}?destroy_unexported_keys=true`)
      expect([400, 404], id.slice(0, 40)).toContain(deleted.status)
    }
    expect((await app.get(`/api/v1/users/${user.id}`)).body.id).toBe(user.id)
  })

  it('refuses bodies built to hurt with a 4xx, naming the field', async () => {
    const app = caller(rightHeaders)
    const nested = `${'{"a":'.repeat(200)}1${'}'.repeat(200)}`
    const cases: [string, unknown][] = [
      ['/api/v1/users/email/address', { address: { $ne: null } }],
      ['/api/v1/users/email/address', { address: 'x@example.org', admin: true }],
      ['/api/v1/users/email/address', { address: "' OR 1=1 --" }],
      ['/api/v1/users/phone/number', { number: ['+14155550100'] }],
      ['/api/v1/users/phone/number', { number: '+1 415 555 0100; DROP TABLE users' }],
      ['/api/v1/users/wallet/address', { address: '0xzz' }],
      ['/api/v1/users/wallet/address', { address: 'l'.repeat(90) }],
      ['/api/v1/users/wallet/address', nested],
      ['/api/v1/users/wallet/address', '{"address": "\\u0000"}'],
      ['/api/v1/users/wallet/address', 'not json'],
    ]
    for (const [path, body] of cases) {
      const answer = await app.post(path, body)
      expect(answer.status, `${path} ${String(JSON.stringify(body)).slice(0, 60)}`).toBeGreaterThanOrEqual(
        400,
      )
      expect(answer.status).toBeLessThan(500)
      expect(answer.body.code).toBe('invalid_data')
    }
    const huge = await app.post('/api/v1/users/email/address', { address: 'a'.repeat(70_000) })
    expect(huge.status).toBe(413)
    const notJson = await app.post('/api/v1/users/email/address', 'address=x', {
      'content-type': 'text/plain',
    })
    expect(notJson.status).toBe(400)
  })

  it('finds a user by email in any case, and by either wallet in the case Charter keeps', async () => {
    const api = caller()
    const email = uniqueEmail()
    const signedIn = await api.signInByEmail(email)
    const app = caller(rightHeaders)
    const byEmail = await app.post('/api/v1/users/email/address', { address: ` ${email.toUpperCase()} ` })
    expect(byEmail.body.id).toBe(signedIn.body.user.id)
    const wallets = signedIn.body.user.linked_accounts.filter(
      (each: { type: string }) => each.type === 'wallet',
    )
    for (const wallet of wallets) {
      const found = await app.post('/api/v1/users/wallet/address', { address: wallet.address })
      expect(found.body.id).toBe(signedIn.body.user.id)
    }
    const nobody = await app.post('/api/v1/users/email/address', { address: uniqueEmail() })
    expect(nobody.status).toBe(404)
    expect(nobody.body.code).toBe('user_does_not_exist')
  })
})

describe('DELETE /api/v1/users/{id}', () => {
  it('destroys keys never exported only when told to, and reports each wallet', async () => {
    const { api, user, phoneNumber } = await member()
    const app = caller(rightHeaders)
    const refused = await app.request('DELETE', `/api/v1/users/${user.id}`)
    expect(refused.status).toBe(400)
    expect(refused.body.code).toBe('not_supported')
    const badFlag = await app.request('DELETE', `/api/v1/users/${user.id}?destroy_unexported_keys=yes`)
    expect(badFlag.status).toBe(400)
    expect(badFlag.body.code).toBe('invalid_data')
    expect((await api.get('/api/v1/users/me')).status).toBe(200)

    const deleted = await app.request('DELETE', `/api/v1/users/${user.id}?destroy_unexported_keys=true`)
    expect(deleted.status).toBe(200)
    const wallets = user.linked_accounts.filter((each: { type: string }) => each.type === 'wallet')
    expect(deleted.body).toEqual({
      success: true,
      deleted_wallets: wallets.map((wallet: { id: string; address: string; chain_type: string }) => ({
        id: wallet.id,
        address: wallet.address,
        chain_type: wallet.chain_type,
        exported: false,
      })),
    })
    expect((await api.get('/api/v1/users/me')).status).toBe(401)
    expect((await app.post('/api/v1/users/phone/number', { number: phoneNumber })).status).toBe(404)
    expect((await app.request('DELETE', `/api/v1/users/${user.id}`)).status).toBe(404)
    expect(server.logs.join('\n')).toContain('A user was deleted through the server API')
  })
})

describe('a server without APP_SECRET', () => {
  let plain: TestServer
  beforeAll(async () => {
    plain = await startTestServer({ env: { APP_ID: appId } })
  })
  afterAll(() => plain.close())

  it('answers the public configuration, and says the server API is off and how to turn it on', async () => {
    const api = new ApiClient(plain.url)
    expect((await api.get(`/api/v1/apps/${appId}`)).status).toBe(200)
    // Public, it needs no secret, and one sent with it changes nothing.
    expect((await api.get(`/api/v1/apps/${appId}`, rightHeaders)).status).toBe(200)
    for (const answer of [
      await api.get('/api/v1/users/did:charter:0000000000000000000000000', rightHeaders),
      await api.post('/api/v1/users/email/address', { address: uniqueEmail() }, rightHeaders),
    ]) {
      expect(answer.status).toBe(400)
      expect(answer.body.code).toBe('not_supported')
      expect(answer.body.error).toContain('set APP_SECRET')
    }
  })
})
