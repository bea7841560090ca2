import { eq, sql } from 'drizzle-orm'
import { recoverMessageAddress } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { pendingDeviceKeys } from '../db/schema.ts'
import { ApiClient, uniquePhoneNumber } from '../testing/ApiClient.ts'
import { sharedTestDatabase, startTestServer, type TestServer } from '../testing/startTestServer.ts'
import { WalletCaller, walletsOf } from '../testing/WalletCaller.ts'

// Privy's React SDK signs through a hidden frame on Charter's origin: the frame registers its device key before the
// member signs in, and the sign-in that follows in the same browser binds its session to that key. Each attack on
// that binding, over HTTP against the running server.

const appOrigin = 'http://app.localhost:5173'
let server: TestServer
let appId: string
beforeAll(async () => {
  server = await startTestServer({ env: { ALLOWED_APP_ORIGINS: appOrigin } })
  appId = server.appId
})
afterAll(() => server.close())

/** A browser with the wallet frame loaded: its cookie jar, and the frame's key (the caller's). */
async function browserWithFrame() {
  const frame = new WalletCaller(new ApiClient(server.url), appId)
  const registered = await frame.api.post(
    '/api/v1/embedded_wallets/pending_key',
    { public_key: frame.publicKeySpki },
    { origin: server.url, 'sec-fetch-site': 'same-origin' },
  )
  expect(registered.status, registered.text).toBe(200)
  return frame
}

/** Signs in by SMS as the SDK does: no `authorization_key` in the body. */
async function sdkSignIn(browser: WalletCaller, phoneNumber = uniquePhoneNumber()) {
  const signedIn = await browser.api.signInByPhone(phoneNumber)
  expect(signedIn.status, signedIn.text).toBe(200)
  const evm = walletsOf(signedIn.body.user).find((each) => each.chain_type === 'ethereum')
  if (!evm) throw new Error('no EVM wallet')
  return { phoneNumber, evm, token: signedIn.body.token as string }
}

const hasDeviceKey = async (browser: WalletCaller) => {
  const listed = await browser.api.get('/api/v1/sessions')
  return (listed.body.sessions as { current: boolean; has_device_key: boolean }[]).find(
    (each) => each.current,
  )?.has_device_key
}

const signHello = (browser: WalletCaller, walletId: string) =>
  browser.rpc(walletId, 'personal_sign', { message: 'hello from the frame', encoding: 'utf-8' })

describe('the frame’s pending key', () => {
  it('binds the session of the sign-in that follows in the same browser, which signs at once', async () => {
    const browser = await browserWithFrame()
    const { evm } = await sdkSignIn(browser)
    expect(await hasDeviceKey(browser)).toBe(true)
    const signed = await signHello(browser, evm.id)
    expect(signed.status, signed.text).toBe(200)
    const signature = (signed.body as { data: { signature: `0x${string}` } }).data.signature
    expect(await recoverMessageAddress({ message: 'hello from the frame', signature })).toBe(evm.address)
  })

  it('is used once: a replayed pending cookie binds nothing', async () => {
    const browser = await browserWithFrame()
    const pendingCookie = browser.api.cookie
    await sdkSignIn(browser)
    // The same cookie, sent again with a second sign-in (the first cleared it in the browser; a copy did not).
    const replay = new WalletCaller(new ApiClient(server.url), appId)
    replay.api.cookie = pendingCookie
    const { evm } = await sdkSignIn(replay)
    expect(await hasDeviceKey(replay)).toBe(false)
    expect((await signHello(replay, evm.id)).status).toBe(401)
  })

  it('is not burnt by a wrong code: the right code that follows still binds it', async () => {
    const browser = await browserWithFrame()
    const phoneNumber = uniquePhoneNumber()
    await browser.api.post('/api/v1/passwordless_sms/init', { phoneNumber })
    const code = await browser.api.codeFor(phoneNumber)
    const wrong = code === '000000' ? '111111' : '000000'
    const refused = await browser.api.post('/api/v1/passwordless_sms/authenticate', {
      phoneNumber,
      code: wrong,
    })
    expect(refused.status).toBe(401)
    const signedIn = await browser.api.post('/api/v1/passwordless_sms/authenticate', { phoneNumber, code })
    expect(signedIn.status, signedIn.text).toBe(200)
    expect(await hasDeviceKey(browser)).toBe(true)
  })

  it('binds nothing once expired', async () => {
    const browser = await browserWithFrame()
    const { db } = await sharedTestDatabase()
    await db.execute(
      sql`UPDATE pending_device_keys SET expires_at = now() - interval '1 second' WHERE public_key = ${browser.publicKeySpki}`,
    )
    await sdkSignIn(browser)
    expect(await hasDeviceKey(browser)).toBe(false)
  })

  it('gives another browser nothing: no cookie, no key; a copied cookie binds a key the thief cannot sign with', async () => {
    const victim = await browserWithFrame()
    const other = new WalletCaller(new ApiClient(server.url), appId)
    await sdkSignIn(other)
    expect(await hasDeviceKey(other)).toBe(false)

    // A thief with a copy of the victim's pending cookie and the member's codes (a SIM swap) signs in: the session
    // is bound to the victim frame's key, whose private half never left the victim's browser.
    const thief = new WalletCaller(new ApiClient(server.url), appId)
    thief.api.cookie = victim.api.cookie
    const { evm } = await sdkSignIn(thief)
    expect(await hasDeviceKey(thief)).toBe(true)
    const forged = await signHello(thief, evm.id)
    expect(forged.status).toBe(401)
    expect(forged.text).toContain('does not match')
  })

  it('a key sent in the body wins, and the pending key waits for the next sign-in', async () => {
    const browser = await browserWithFrame()
    const bodyKey = new WalletCaller(new ApiClient(server.url), appId)
    const phoneNumber = uniquePhoneNumber()
    const signedIn = await browser.api.signInByPhone(phoneNumber, {
      authorization_key: bodyKey.publicKeySpki,
    })
    const evm = walletsOf(signedIn.body.user).find((each) => each.chain_type === 'ethereum')
    expect((await signHello(browser, evm?.id ?? '')).status).toBe(401)
    const { db } = await sharedTestDatabase()
    const pending = await db
      .select()
      .from(pendingDeviceKeys)
      .where(eq(pendingDeviceKeys.publicKey, browser.publicKeySpki))
    expect(pending).toHaveLength(1)
  })
})

describe('registering a pending key', () => {
  const register = (headers: Record<string, string>, publicKey?: string) => {
    const frame = new WalletCaller(new ApiClient(server.url), appId)
    return frame.api.post(
      '/api/v1/embedded_wallets/pending_key',
      { public_key: publicKey ?? frame.publicKeySpki },
      headers,
    )
  }

  it('is refused from any page but Charter’s own, an allowed app’s included', async () => {
    const noOrigin = await register({})
    expect(noOrigin.status).toBe(400)
    expect(noOrigin.text).toContain('wallet frame')
    const app = await register({ origin: appOrigin })
    expect(app.status).toBe(400)
    const foreign = await register({ origin: 'https://evil.example' })
    expect(foreign.status).toBe(403)
    const crossSite = await register({ origin: server.url, 'sec-fetch-site': 'cross-site' })
    expect(crossSite.status).toBe(400)
  })

  it('refuses what is not a P-256 public key, by name', async () => {
    const answer = await register({ origin: server.url }, 'bm90IGEga2V5')
    expect(answer.status).toBe(400)
    expect(answer.body).toMatchObject({ code: 'invalid_data' })
    expect(answer.text).toContain('public_key')
  })

  it('sets a __Host- cookie that is HttpOnly, Secure, SameSite=None and Partitioned', async () => {
    const frame = new WalletCaller(new ApiClient(server.url), appId)
    const response = await fetch(`${server.url}/api/v1/embedded_wallets/pending_key`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.url },
      body: JSON.stringify({ public_key: frame.publicKeySpki }),
    })
    const cookie = response.headers.getSetCookie().join('\n')
    expect(cookie).toMatch(/^__Host-charter-pending-key=[A-Za-z0-9_-]{43};/)
    for (const attribute of ['HttpOnly', 'Secure', 'SameSite=None', 'Partitioned', 'Path=/']) {
      expect(cookie).toContain(attribute)
    }
  })

  it('a stolen access token cannot attach a key: not by the pending route, not without a code', async () => {
    // The victim signs in through the frame: the session is bound to the frame's key.
    const victim = await browserWithFrame()
    const { token, evm } = await sdkSignIn(victim)
    const thief = new WalletCaller(
      new ApiClient(server.url, { headers: { authorization: `Bearer ${token}` } }),
      appId,
    )
    // The thief's own pending key is taken (it is only ever bound by a sign-in), and binds nothing now.
    const registered = await thief.api.post(
      '/api/v1/embedded_wallets/pending_key',
      { public_key: thief.publicKeySpki },
      { origin: server.url },
    )
    expect(registered.status).toBe(200)
    expect((await signHello(thief, evm.id)).status).toBe(401)
    // A session born with a key keeps it: another is refused, code or not.
    const attached = await thief.register()
    expect(attached.status).toBe(400)
    expect(attached.text).toContain('already has a device key')
    expect((await signHello(thief, evm.id)).status).toBe(401)
    // The victim's frame still signs: the session's key is unchanged.
    expect((await signHello(victim, evm.id)).status).toBe(200)
  })
})

describe('the frame’s pages', () => {
  it('are served for this app, framable by Charter and the allowed apps only', async () => {
    for (const path of ['embedded-wallets', 'embedded-wallets/export']) {
      const response = await fetch(`${server.url}/apps/${appId}/${path}`)
      expect(response.status, path).toBe(200)
      const csp = response.headers.get('content-security-policy') ?? ''
      expect(csp).toContain(`frame-ancestors 'self' ${appOrigin}`)
      expect(csp).toContain("script-src 'self'")
      expect(response.headers.get('x-frame-options')).toBeNull()
      const html = await response.text()
      expect(html).toContain('<meta name="charter-frame" content="{&quot;appId&quot;')
      expect(html).not.toMatch(/<script(?![^>]*src="\/assets\/)/)
    }
  })

  it('are not served for another app id', async () => {
    const response = await fetch(`${server.url}/apps/another-app/embedded-wallets`)
    expect(response.status).toBe(404)
  })

  it('leave the rest of Charter unframable', async () => {
    for (const path of ['/', '/api/health', '/wallet-frame.html']) {
      const response = await fetch(`${server.url}${path}`)
      expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'")
      expect(response.headers.get('x-frame-options')).toBe('DENY')
    }
  })
})

describe('apps on another origin', () => {
  const preflight = (origin: string, path: string, headers = 'content-type, privy-app-id, authorization') =>
    fetch(`${server.url}${path}`, {
      method: 'OPTIONS',
      headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': headers },
    })

  it('get credentialed CORS on the SDK’s routes, with Privy’s headers', async () => {
    const response = await preflight(
      appOrigin,
      '/api/v1/passwordless_sms/init',
      'content-type, privy-app-id, privy-client, privy-ca-id, authorization',
    )
    expect(response.status).toBe(204)
    expect(response.headers.get('access-control-allow-origin')).toBe(appOrigin)
    expect(response.headers.get('access-control-allow-credentials')).toBe('true')
    expect(response.headers.get('access-control-allow-headers')).toContain('privy-ca-id')
    const read = await fetch(`${server.url}/api/v1/apps/${appId}`, { headers: { origin: appOrigin } })
    expect(read.headers.get('access-control-allow-origin')).toBe(appOrigin)
    expect(read.headers.get('vary')).toContain('Origin')
    // Its changes pass the host guard.
    const init = await fetch(`${server.url}/api/v1/passwordless_sms/init`, {
      method: 'POST',
      headers: { origin: appOrigin, 'content-type': 'application/json' },
      body: JSON.stringify({ phoneNumber: uniquePhoneNumber() }),
    })
    expect(init.status).toBe(200)
    expect(init.headers.get('access-control-allow-origin')).toBe(appOrigin)
  })

  it('are refused everywhere else, and every other origin is refused as before', async () => {
    const organizations = await preflight(appOrigin, '/api/v1/organizations')
    expect(organizations.headers.get('access-control-allow-origin')).toBeNull()
    const dev = await fetch(`${server.url}/api/dev/outbox?to=x`, { headers: { origin: appOrigin } })
    expect(dev.headers.get('access-control-allow-origin')).toBeNull()
    for (const origin of ['https://evil.example', 'http://app.localhost:5174', 'null']) {
      const answer = await preflight(origin, '/api/v1/passwordless_sms/init')
      expect(answer.headers.get('access-control-allow-origin')).toBeNull()
      const posted = await fetch(`${server.url}/api/v1/passwordless_sms/init`, {
        method: 'POST',
        headers: { origin, 'content-type': 'application/json' },
        body: JSON.stringify({ phoneNumber: uniquePhoneNumber() }),
      })
      expect(posted.status).toBe(403)
    }
  })

  it('may not send headers beyond JSON, the bearer token and Privy’s own', async () => {
    const answer = await preflight(
      appOrigin,
      '/api/v1/passwordless_sms/init',
      'content-type, x-dev-outbox-token',
    )
    expect(answer.status).toBe(403)
    expect(answer.headers.get('access-control-allow-headers')).toBeNull()
  })
})
