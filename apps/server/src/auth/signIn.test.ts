import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addressFlow } from '../members/codeFlows.ts'
import { ApiClient, uniqueEmail, uniquePhoneNumber } from '../testing/ApiClient.ts'
import { sharedTestDatabase, startTestServer, type TestServer } from '../testing/startTestServer.ts'
import { WalletCaller } from '../testing/WalletCaller.ts'
import { newOneTimeCode, storeOneTimeCode } from './oneTimeCodes.ts'

let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
})
afterAll(() => server.close())

const client = () => new ApiClient(server.url)
/** The phone and email accounts of a user, wallets aside. */
const logins = (user: { linked_accounts: { type: string }[] }) =>
  user.linked_accounts.filter((account) => account.type !== 'wallet')

describe('sign-in by phone', () => {
  it('sends a code to the dev outbox and signs a new user in with it', async () => {
    const phoneNumber = uniquePhoneNumber()
    const me = client()
    const init = await me.post('/api/v1/passwordless_sms/init', { phoneNumber })
    expect(init.status).toBe(200)
    expect(init.body.success).toBe(true)
    expect(init.body.expires_at).toBeGreaterThan(Date.now() / 1000 + 9 * 60)

    const code = await me.codeFor(phoneNumber)
    expect(code).toMatch(/^\d{6}$/)
    expect(server.logs.some((line) => line.includes(code) && line.includes(phoneNumber))).toBe(true)

    const signedIn = await me.post('/api/v1/passwordless_sms/authenticate', { phoneNumber, code })
    expect(signedIn.status).toBe(200)
    expect(signedIn.body).toMatchObject({
      is_new_user: true,
      session_update_action: 'set',
      token: expect.stringMatching(/^eyJ/),
      refresh_token: expect.any(String),
      user: {
        id: expect.stringMatching(/^did:charter:[0-9a-z]{25}$/),
        created_at: expect.any(Number),
        mfa_methods: [],
        is_guest: false,
        has_accepted_terms: false,
        linked_accounts: [
          {
            type: 'phone',
            phoneNumber,
            verified_at: expect.any(Number),
            first_verified_at: expect.any(Number),
            latest_verified_at: expect.any(Number),
          },
          expect.objectContaining({ type: 'wallet', chain_type: 'ethereum', wallet_index: 0 }),
          expect.objectContaining({ type: 'wallet', chain_type: 'solana', wallet_index: 0 }),
        ],
      },
    })
    const cookie = signedIn.headers.get('set-cookie') ?? ''
    expect(cookie).toMatch(/^charter-session=/)
    expect(cookie).toMatch(/HttpOnly/i)
    expect(cookie).toMatch(/SameSite=Lax/i)

    const viaCookie = await me.get('/api/v1/users/me')
    expect(viaCookie.status).toBe(200)
    expect(viaCookie.body.user.id).toBe(signedIn.body.user.id)

    const viaBearer = await client().get('/api/v1/users/me', {
      authorization: `Bearer ${signedIn.body.token}`,
    })
    expect(viaBearer.body.user.id).toBe(signedIn.body.user.id)
  })

  it('reads a number typed with spaces and dashes as the same account', async () => {
    const phoneNumber = uniquePhoneNumber()
    const first = await client().signInByPhone(phoneNumber)
    const spaced = `+1 ${phoneNumber.slice(2, 5)}-${phoneNumber.slice(5, 8)}-${phoneNumber.slice(8)}`
    const other = client()
    await other.post('/api/v1/passwordless_sms/init', { phoneNumber: spaced })
    const second = await other.post('/api/v1/passwordless_sms/authenticate', {
      phoneNumber: spaced,
      code: await other.codeFor(phoneNumber),
    })
    expect(second.status).toBe(200)
    expect(second.body.is_new_user).toBe(false)
    expect(second.body.user.id).toBe(first.body.user.id)
  })

  it('refuses a wrong code, says how many tries are left, and refuses the sixth try even with the right code', async () => {
    const phoneNumber = uniquePhoneNumber()
    const me = client()
    await me.post('/api/v1/passwordless_sms/init', { phoneNumber })
    const code = await me.codeFor(phoneNumber)
    const wrong = code === '000000' ? '111111' : '000000'
    for (let attempt = 1; attempt <= 5; attempt++) {
      const answer = await me.post('/api/v1/passwordless_sms/authenticate', { phoneNumber, code: wrong })
      expect(answer.status).toBe(401)
      expect(answer.body.code).toBe('invalid_credentials')
      expect(answer.body.error).toContain(attempt < 5 ? `${5 - attempt} tr` : 'last try')
    }
    const sixth = await me.post('/api/v1/passwordless_sms/authenticate', { phoneNumber, code })
    expect(sixth.status).toBe(429)
    expect(sixth.body).toEqual({
      error: expect.stringContaining('Ask for a new code'),
      code: 'too_many_requests',
    })
    // When a new code may be asked for: within the 30-second resend window, not the code's 10 minutes.
    expect(Number(sixth.headers.get('retry-after'))).toBeGreaterThan(0)
    expect(Number(sixth.headers.get('retry-after'))).toBeLessThanOrEqual(30)
  })

  it('refuses a code used once already', async () => {
    const phoneNumber = uniquePhoneNumber()
    const me = client()
    await me.post('/api/v1/passwordless_sms/init', { phoneNumber })
    const code = await me.codeFor(phoneNumber)
    expect((await me.post('/api/v1/passwordless_sms/authenticate', { phoneNumber, code })).status).toBe(200)
    const again = await client().post('/api/v1/passwordless_sms/authenticate', { phoneNumber, code })
    expect(again.status).toBe(401)
    expect(again.body.code).toBe('invalid_credentials')
    expect(again.body.error).toContain('already used')
  })

  it('uses a code once when it is sent several times at once: one sign-in, the rest refused', async () => {
    const phoneNumber = uniquePhoneNumber()
    const me = client()
    await me.post('/api/v1/passwordless_sms/init', { phoneNumber })
    const code = await me.codeFor(phoneNumber)
    const answers = await Promise.all(
      Array.from({ length: 4 }, () =>
        me.post('/api/v1/passwordless_sms/authenticate', { phoneNumber, code }),
      ),
    )
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 401, 401, 401])
    for (const refused of answers.filter((answer) => answer.status === 401)) {
      expect(refused.body.error).toContain('already used')
    }
  })

  it('refuses an expired code and says codes last 10 minutes', async () => {
    const phoneNumber = uniquePhoneNumber()
    const secret = readFileSync(join(server.dataDir, 'auth-secret'), 'utf8').trim()
    const { db } = await sharedTestDatabase()
    const then = new Date(Date.now() - 11 * 60_000)
    const sent = newOneTimeCode(then)
    // As a caller without cookies (this test's client) asks for it: good for its client address.
    await storeOneTimeCode(db, secret, `phone:${phoneNumber}`, [addressFlow('127.0.0.1')], sent, then)
    const { code } = sent
    const answer = await client().post('/api/v1/passwordless_sms/authenticate', { phoneNumber, code })
    expect(answer.status).toBe(401)
    expect(answer.body).toEqual({ error: expect.stringContaining('expired'), code: 'invalid_credentials' })
    expect(answer.body.error).toContain('10 minutes')
  })

  it('replaces an earlier code when a new one is sent', async () => {
    const phoneNumber = uniquePhoneNumber()
    const me = client()
    await me.post('/api/v1/passwordless_sms/init', { phoneNumber })
    const first = await me.codeFor(phoneNumber)
    await me.post('/api/v1/passwordless_sms/init', { phoneNumber })
    const second = await me.codeFor(phoneNumber)
    if (first !== second) {
      const old = await me.post('/api/v1/passwordless_sms/authenticate', { phoneNumber, code: first })
      expect(old.body.code).toBe('invalid_credentials')
    }
    expect(
      (await me.post('/api/v1/passwordless_sms/authenticate', { phoneNumber, code: second })).status,
    ).toBe(200)
  })

  it('with mode no-signup, refuses an unknown number', async () => {
    const phoneNumber = uniquePhoneNumber()
    const me = client()
    await me.post('/api/v1/passwordless_sms/init', { phoneNumber })
    const answer = await me.post('/api/v1/passwordless_sms/authenticate', {
      phoneNumber,
      code: await me.codeFor(phoneNumber),
      mode: 'no-signup',
    })
    expect(answer.status).toBe(404)
    expect(answer.body.code).toBe('user_does_not_exist')
  })
})

describe('sign-in by email', () => {
  it('signs in by email, case and spaces aside', async () => {
    const email = uniqueEmail()
    const me = client()
    const first = await me.signInByEmail(email)
    expect(first.status).toBe(200)
    expect(logins(first.body.user)).toEqual([expect.objectContaining({ type: 'email', address: email })])
    const other = client()
    await other.post('/api/v1/passwordless/init', { email: `  ${email.toUpperCase()} ` })
    const again = await other.post('/api/v1/passwordless/authenticate', {
      email: email.toUpperCase(),
      code: await other.codeFor(email),
    })
    expect(again.body.user.id).toBe(first.body.user.id)
  })

  it('sends the code with a subject that names it', async () => {
    const email = uniqueEmail()
    await client().post('/api/v1/passwordless/init', { email })
    expect((await client().outbox(email))[0]).toMatchObject({
      channel: 'email',
      to: email,
      subject: expect.stringMatching(/^\d{6} is your Charter sign-in code$/),
    })
  })
})

describe('linking and changing', () => {
  /** A member on a session bound to a device key, as the web app signs in. */
  const member = async (
    by: 'phone' | 'email',
    address = by === 'phone' ? uniquePhoneNumber() : uniqueEmail(),
  ) => {
    const caller = new WalletCaller(client())
    const signedIn = await caller.signIn(by, address)
    expect(signedIn.status).toBe(200)
    return { caller, me: caller.api, address, userId: signedIn.body.user.id as string }
  }

  it('links an email to a phone account with the device key, and both then sign in to it', async () => {
    const { caller, me, userId, address: phoneNumber } = await member('phone')
    const email = uniqueEmail()
    await me.post('/api/v1/passwordless/init', { email, purpose: 'link' })
    const code = await me.codeFor(email)
    const linked = await caller.post('/api/v1/passwordless/link', { email, code })
    expect(linked.status).toBe(200)
    expect(logins(linked.body).map((account) => account.type)).toEqual(['phone', 'email'])
    const byEmail = await client().signInByEmail(email)
    expect(byEmail.body.user.id).toBe(userId)
    // The phone that was already on the account is told, in words (and then of the new device, by email).
    const notices = await me.outbox(phoneNumber)
    expect(notices.map((notice: { body: string }) => notice.body)).toEqual([
      expect.stringContaining('A device your Charter account has not used before signed in'),
      expect.stringContaining(`The email address ${email} was added to your Charter account`),
      expect.stringContaining('sign-in code'),
    ])
  })

  it('refuses an address that belongs to someone else', async () => {
    const theirs = uniqueEmail()
    await client().signInByEmail(theirs)
    const { caller, me } = await member('phone')
    await me.post('/api/v1/passwordless/init', { email: theirs })
    const answer = await caller.post('/api/v1/passwordless/link', {
      email: theirs,
      code: await me.codeFor(theirs),
    })
    expect(answer.status).toBe(409)
    expect(answer.body.code).toBe('linked_to_another_user')
  })

  it('refuses a second phone number', async () => {
    const { caller, me } = await member('phone')
    const second = uniquePhoneNumber()
    await me.post('/api/v1/passwordless_sms/init', { phoneNumber: second })
    const answer = await caller.post('/api/v1/passwordless_sms/link', {
      phoneNumber: second,
      code: await me.codeFor(second),
    })
    expect(answer.status).toBe(409)
    expect(answer.body.code).toBe('cannot_link_more_of_type')
  })

  it('changes the phone number with a code to the new one and a step-up code to the old one', async () => {
    const { caller, me, address: oldNumber } = await member('phone')
    const newNumber = uniquePhoneNumber()
    await me.post('/api/v1/passwordless_sms/init', { phoneNumber: newNumber, purpose: 'change' })
    const code = await me.codeFor(newNumber)
    expect((await me.outbox(newNumber))[0]?.body).toContain('to make this number your sign-in number')
    const stepUp = await caller.post('/api/v1/step_up/init', { action: 'update_phone' })
    expect(stepUp.status).toBe(200)
    expect(stepUp.body).toEqual({
      success: true,
      via: 'phone',
      sent_to: `*${oldNumber.slice(-4)}`,
      expires_at: expect.any(Number),
    })
    const stepUpCode = await me.codeFor(oldNumber)
    const updated = await caller.post('/api/v1/passwordless_sms/update', {
      old_phone_number: oldNumber,
      new_phone_number: newNumber,
      code,
      step_up_code: stepUpCode,
    })
    expect(updated.status).toBe(200)
    expect(logins(updated.body)).toEqual([expect.objectContaining({ type: 'phone', phoneNumber: newNumber })])
    const notice = (await me.outbox(oldNumber))[0]
    expect(notice?.body).toMatch(
      /The sign-in phone number of your Charter account was changed from \*\d{4} to \*\d{4} on /,
    )
    const oldAgain = client()
    await oldAgain.post('/api/v1/passwordless_sms/init', { phoneNumber: oldNumber })
    const fresh = await oldAgain.post('/api/v1/passwordless_sms/authenticate', {
      phoneNumber: oldNumber,
      code: await oldAgain.codeFor(oldNumber),
    })
    expect(fresh.body.is_new_user).toBe(true)
  })

  it('changes the email address, and refuses an old address that is not yours', async () => {
    const { caller, me, address: oldAddress } = await member('email')
    const newAddress = uniqueEmail()
    await me.post('/api/v1/passwordless/init', { email: newAddress })
    const code = await me.codeFor(newAddress)
    const notMine = await caller.post('/api/v1/passwordless/update', {
      oldAddress: uniqueEmail(),
      newAddress,
      code,
    })
    expect(notMine.status).toBe(400)
    expect(notMine.body).toEqual({
      error: 'The old email address is not linked to your account.',
      code: 'invalid_data',
    })
    await caller.post('/api/v1/step_up/init', { action: 'update_email' })
    const step_up_code = await me.codeFor(oldAddress)
    const updated = await caller.post('/api/v1/passwordless/update', {
      oldAddress,
      newAddress,
      code,
      step_up_code,
    })
    expect(logins(updated.body)).toEqual([expect.objectContaining({ type: 'email', address: newAddress })])
  })

  it('needs a session to link or change', async () => {
    for (const path of [
      '/api/v1/passwordless/link',
      '/api/v1/passwordless_sms/update',
      '/api/v1/step_up/init',
    ]) {
      const answer = await client().post(path, { email: uniqueEmail(), code: '123456' })
      expect(answer.status).toBe(401)
      expect(answer.body.code).toBe('must_be_authenticated')
    }
  })
})

describe('sessions', () => {
  it('logout revokes the session at once, for the cookie and the access token alike', async () => {
    const me = client()
    const signedIn = await me.signInByEmail(uniqueEmail())
    const cookie = me.cookie
    const logout = await me.post('/api/v1/sessions/logout')
    expect(logout.status).toBe(200)
    expect(logout.headers.get('set-cookie')).toMatch(/charter-session=;/)
    const withOldCookie = await client().get('/api/v1/users/me', { cookie: cookie ?? '' })
    expect(withOldCookie.status).toBe(401)
    expect(withOldCookie.body.code).toBe('must_be_authenticated')
    const withToken = await client().get('/api/v1/users/me', {
      authorization: `Bearer ${signedIn.body.token}`,
    })
    expect(withToken.status).toBe(401)
  })

  it('refreshes with the refresh token, which the next refresh replaces again', async () => {
    const signedIn = await client().signInByEmail(uniqueEmail())
    const refreshed = await client().post('/api/v1/sessions', { refresh_token: signedIn.body.refresh_token })
    expect(refreshed.status).toBe(200)
    expect(refreshed.body).toMatchObject({ is_new_user: false, session_update_action: 'set' })
    expect(refreshed.body.user.id).toBe(signedIn.body.user.id)
    expect(refreshed.body.refresh_token).not.toBe(signedIn.body.refresh_token)
    const next = await client().post('/api/v1/sessions', { refresh_token: refreshed.body.refresh_token })
    expect(next.status).toBe(200)
    expect(next.body.refresh_token).not.toBe(refreshed.body.refresh_token)
  })

  it('refreshes a browser session from its cookie alone', async () => {
    const me = client()
    await me.signInByPhone(uniquePhoneNumber())
    const before = me.cookie
    const refreshed = await me.post('/api/v1/sessions')
    expect(refreshed.status).toBe(200)
    expect(me.cookie).not.toBe(before)
    expect((await me.get('/api/v1/users/me')).status).toBe(200)
  })

  it('refuses a forged or foreign access token', async () => {
    const signedIn = await client().signInByEmail(uniqueEmail())
    const [header, payload] = signedIn.body.token.split('.')
    const forged = `${header}.${payload}.${'A'.repeat(86)}`
    expect((await client().get('/api/v1/users/me', { authorization: `Bearer ${forged}` })).status).toBe(401)
    expect((await client().get('/api/v1/users/me', { authorization: 'Bearer nonsense' })).status).toBe(401)
  })
})

describe('other routes', () => {
  it('answers the recovery routes with not_supported and says why', async () => {
    for (const step of ['init', 'init_icloud', 'authenticate']) {
      const answer = await client().post(`/api/v1/recovery/oauth/${step}`, {})
      expect(answer.status).toBe(400)
      expect(answer.body.code).toBe('not_supported')
      expect(answer.body.error).toContain('sign in')
    }
  })

  it('stores analytics events and refuses a large payload', async () => {
    const stored = await client().post('/api/v1/analytics_events', {
      event_name: 'sign_in_screen_opened',
      client_id: 'browser-1',
      payload: { locale: 'en-GB' },
    })
    expect(stored.body).toEqual({ success: true, stored: true })
    const big = await client().post('/api/v1/analytics_events', {
      event_name: 'x',
      payload: { filler: 'x'.repeat(5000) },
    })
    expect(big.status).toBe(400)
    expect(big.body.error).toMatch(/^payload: is too large/)
  })
})
