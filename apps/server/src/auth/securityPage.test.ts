import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ApiClient, uniqueEmail, uniquePhoneNumber } from '../testing/ApiClient.ts'
import { startTestServer, type TestServer } from '../testing/startTestServer.ts'
import { WalletCaller } from '../testing/WalletCaller.ts'

// What the Security page reads and does: the member's sessions, ending one, and recent sensitive actions.

let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
})
afterAll(() => server.close())

async function member() {
  const email = uniqueEmail()
  const caller = new WalletCaller(new ApiClient(server.url))
  const signedIn = await caller.signIn('email', email)
  return { caller, email, user: signedIn.body.user }
}

describe('sessions', () => {
  it('lists the member’s live sessions, marks this one, and ends another by id', async () => {
    const { caller, email } = await member()
    const laptop = new WalletCaller(new ApiClient(server.url))
    await laptop.api.post('/api/v1/passwordless/init', { email })
    await laptop.api.post(
      '/api/v1/passwordless/authenticate',
      { email, code: await laptop.api.codeFor(email) },
      { 'user-agent': 'Laptop browser' },
    )
    const listed = await caller.api.get('/api/v1/sessions')
    expect(listed.status).toBe(200)
    expect(listed.body.sessions).toHaveLength(2)
    const current = listed.body.sessions.find((each: { current: boolean }) => each.current)
    const other = listed.body.sessions.find((each: { current: boolean }) => !each.current)
    expect(current).toMatchObject({ has_device_key: true, client_address: expect.any(String) })
    expect(other).toMatchObject({ user_agent: 'Laptop browser', has_device_key: false })
    expect(other?.created_at).toBeGreaterThan(0)

    expect((await caller.api.post(`/api/v1/sessions/${other?.id}/logout`)).status).toBe(200)
    const refused = await laptop.api.get('/api/v1/users/me')
    expect(refused.status).toBe(401)
    // The laptop is told why, and the member's list names the session that went.
    expect(refused.body).toEqual({
      error:
        'This device was signed out from another of your devices. Please sign in again. If that was not you, sign in and check your account’s Security page.',
      code: 'must_be_authenticated',
      reason: 'signed_out_by_another_session',
    })
    expect((await caller.api.get('/api/v1/sessions')).body.sessions).toHaveLength(1)
    const events = (await caller.api.get('/api/v1/users/me/events')).body.events
    expect(events[0]).toMatchObject({ kind: 'signed_out_session', summary: 'Signed out an unknown device' })
  })

  it('says which address each session signed in with, for a member who has both', async () => {
    const { caller } = await member()
    const phoneNumber = uniquePhoneNumber()
    await caller.api.post('/api/v1/passwordless_sms/init', { phoneNumber, purpose: 'link' })
    await caller.post('/api/v1/passwordless_sms/link', {
      phoneNumber,
      code: await caller.api.codeFor(phoneNumber),
    })
    const phone = new ApiClient(server.url)
    expect((await phone.signInByPhone(phoneNumber)).status).toBe(200)

    const byEmail = (await caller.api.get('/api/v1/sessions')).body.sessions
    const byPhone = (await phone.get('/api/v1/sessions')).body.sessions
    expect(byEmail).toHaveLength(2)
    expect(byEmail.find((each: { current: boolean }) => each.current)).toMatchObject({
      signed_in_with: 'email',
    })
    expect(byEmail.find((each: { current: boolean }) => !each.current)).toMatchObject({
      signed_in_with: 'phone',
    })
    expect(byPhone.find((each: { current: boolean }) => each.current)).toMatchObject({
      signed_in_with: 'phone',
    })
  })

  it('names the browser of a session signed out from another, as the Security page lists it', async () => {
    const { caller, email } = await member()
    const laptop = new WalletCaller(new ApiClient(server.url))
    await laptop.api.post('/api/v1/passwordless/init', { email })
    await laptop.api.post(
      '/api/v1/passwordless/authenticate',
      { email, code: await laptop.api.codeFor(email) },
      {
        'user-agent':
          'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
      },
    )
    const other = (await caller.api.get('/api/v1/sessions')).body.sessions.find(
      (each: { current: boolean }) => !each.current,
    ) as { id: string }
    await caller.api.post(`/api/v1/sessions/${other.id}/logout`)
    const events = (await caller.api.get('/api/v1/users/me/events')).body.events
    expect(events[0]?.summary).toBe('Signed out Chrome on Linux')
  })

  it('tells every other device, on its next request, that someone signed out everywhere', async () => {
    const { caller, email } = await member()
    const laptop = new WalletCaller(new ApiClient(server.url))
    await laptop.api.post('/api/v1/passwordless/init', { email })
    await laptop.api.post('/api/v1/passwordless/authenticate', {
      email,
      code: await laptop.api.codeFor(email),
    })
    expect((await caller.api.post('/api/v1/sessions/logout', { everywhere: true })).status).toBe(200)
    const refused = await laptop.api.get('/api/v1/sessions')
    expect(refused.status).toBe(401)
    expect(refused.body).toMatchObject({ code: 'must_be_authenticated', reason: 'signed_out_everywhere' })
    expect(refused.body.error).toMatch(
      /^You were signed out: someone signed out everywhere, on every device\./,
    )
  })

  it('says nothing of a reason to a request that never had a session, or whose session it ended itself', async () => {
    const { caller } = await member()
    const stranger = new ApiClient(server.url)
    expect((await stranger.get('/api/v1/users/me')).body).toEqual({
      error: 'Please sign in first.',
      code: 'must_be_authenticated',
    })
    const cookie = caller.api.cookie as string
    await caller.api.post('/api/v1/sessions/logout')
    // The same cookie, kept by a copy of the browser's jar: the session it names was signed out there.
    const replayed = await stranger.get('/api/v1/users/me', { cookie })
    expect(replayed.status).toBe(401)
    expect(replayed.body.reason).toBe('signed_out')
  })

  it('cannot end someone else’s session, and says so', async () => {
    const mine = await member()
    const theirs = await member()
    const theirSession = (await theirs.caller.api.get('/api/v1/sessions')).body.sessions[0] as { id: string }
    const answer = await mine.caller.api.post(`/api/v1/sessions/${theirSession.id}/logout`)
    expect(answer.status).toBe(400)
    expect(answer.body.error).toBe('There is no such session of yours, or it has ended already.')
    expect((await theirs.caller.api.get('/api/v1/users/me')).status).toBe(200)
  })
})

describe('recent sensitive actions', () => {
  it('lists an address added, and a sign-out everywhere, newest first', async () => {
    const { caller } = await member()
    const phoneNumber = uniquePhoneNumber()
    await caller.api.post('/api/v1/passwordless_sms/init', { phoneNumber, purpose: 'link' })
    await caller.post('/api/v1/passwordless_sms/link', {
      phoneNumber,
      code: await caller.api.codeFor(phoneNumber),
    })
    const events = (await caller.api.get('/api/v1/users/me/events')).body.events
    expect(events[0]).toMatchObject({
      kind: 'address_added',
      summary: `Added the phone number *${phoneNumber.slice(-4)}`,
    })
    await caller.api.post('/api/v1/sessions/logout', { everywhere: true })
    const other = new ApiClient(server.url)
    await other.signInByPhone(phoneNumber)
    const after = (await other.get('/api/v1/users/me/events')).body.events
    expect(after.map((each: { kind: string }) => each.kind)).toEqual([
      'signed_out_everywhere',
      'address_added',
    ])
    expect(after[0]?.summary).toBe('Signed out everywhere (1 session)')
  })
})

describe('a declined request', () => {
  it('appears in the activity, and nothing is signed', async () => {
    const { caller, user } = await member()
    const wallet = user.linked_accounts.find(
      (account: { chain_type?: string }) => account.chain_type === 'ethereum',
    )
    const declined = await caller.post(`/api/v1/wallets/${wallet.id}/decline`, { method: 'personal_sign' })
    expect(declined.status).toBe(200)
    const [line] = (await caller.api.get('/api/v1/wallets/activity')).body.activity
    expect(line).toMatchObject({
      kind: 'decline',
      method: 'personal_sign',
      summary: 'Declined to sign a message',
    })
    const odd = await caller.post(`/api/v1/wallets/${wallet.id}/decline`, { method: '__proto__' })
    expect(odd.status).toBe(200)
    expect((await caller.api.get('/api/v1/wallets/activity')).body.activity[0]?.summary).toBe(
      'Declined a request',
    )
    // Only the device can say it declined: a stolen token alone cannot fill the log.
    const unsigned = await caller.api.post(`/api/v1/wallets/${wallet.id}/decline`, {
      method: 'personal_sign',
    })
    expect(unsigned.status).toBe(401)
  })
})
