import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ApiClient, uniqueEmail, uniquePhoneNumber } from '../testing/ApiClient.ts'
import { startTestServer, type TestServer } from '../testing/startTestServer.ts'
import { startEarlyInResendWindow } from '../testing/throttleWindows.ts'
import { defaultSignInLimits } from './AuthService.ts'

let server: TestServer
beforeAll(async () => {
  // The production rules, but only 4 codes an hour per client so the test reaches the limit quickly.
  // Behind a "proxy", so this file's client address is its own even when test files share PostgreSQL.
  server = await startTestServer({ signInLimits: defaultSignInLimits(4), env: { TRUST_PROXY: 'true' } })
})
afterAll(() => server.close())

const address = `198.51.${Math.floor(Math.random() * 100)}.${Math.floor(Math.random() * 255)}`
const client = () => {
  const caller = new ApiClient(server.url)
  const post = caller.post
  caller.post = (path, body, headers) =>
    post(path, body, { 'x-forwarded-for': `203.0.113.9, ${address}`, ...headers })
  return caller
}

describe('throttling', () => {
  it('sends one code per 30 seconds to the same number without a check, and asks for one after', async () => {
    await startEarlyInResendWindow()
    const me = client()
    const phoneNumber = uniquePhoneNumber()
    expect((await me.post('/api/v1/passwordless_sms/init', { phoneNumber })).status).toBe(200)
    // Past the number's allowance the next code needs a solved proof-of-work challenge (codeFlows.test.ts).
    const again = await me.post('/api/v1/passwordless_sms/init', { phoneNumber })
    expect(again.status).toBe(403)
    expect(again.body.code).toBe('invalid_captcha')
    expect(again.body.challenge?.algorithm).toBe('SHA-256')
    expect(await me.outbox(phoneNumber)).toHaveLength(1)
  })

  it('lets a new code follow at once after a code was used', async () => {
    const me = client()
    const email = uniqueEmail()
    await me.post('/api/v1/passwordless/init', { email })
    const signedIn = await me.post('/api/v1/passwordless/authenticate', {
      email,
      code: await me.codeFor(email),
    })
    expect(signedIn.status).toBe(200)
    expect((await me.post('/api/v1/passwordless/init', { email })).status).toBe(200)
  })

  it('limits the codes one client may ask for, whatever the address', async () => {
    const me = client()
    // Four codes were asked for in the tests above (one of them refused), the most an hour allows here.
    const refused = await me.post('/api/v1/passwordless/init', { email: uniqueEmail() })
    expect(refused.status).toBe(429)
    expect(refused.body.error).toContain('Too many codes were asked for from here.')
  })

  it('lets no client that used up its own allowance make someone else wait', async () => {
    // The client above is out of codes; a victim's address must not be charged for its attempts.
    const attacker = client()
    const victimAddress = uniqueEmail()
    for (let i = 0; i < 3; i++) {
      expect((await attacker.post('/api/v1/passwordless/init', { email: victimAddress })).status).toBe(429)
    }
    const victim = new ApiClient(server.url)
    const fromVictim = await victim.post(
      '/api/v1/passwordless/init',
      { email: victimAddress },
      { 'x-forwarded-for': `198.18.${Math.floor(Math.random() * 255)}.7` },
    )
    expect(fromVictim.status).toBe(200)
    expect(await victim.outbox(victimAddress)).toHaveLength(1)
  })
})
