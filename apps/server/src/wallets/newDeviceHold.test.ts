import { eq } from 'drizzle-orm'
import type { Hex } from 'viem'
import { privateKeyToAddress } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { heldActions, sessionOrigins } from '../db/schema.ts'
import { ApiClient, uniqueEmail, uniquePhoneNumber } from '../testing/ApiClient.ts'
import { sharedTestDatabase, startTestServer, type TestServer } from '../testing/startTestServer.ts'
import { type MemberWallet, WalletCaller, walletsOf } from '../testing/WalletCaller.ts'

// A SIM swap over HTTP: whoever holds a member's phone signs in on a device of their own, and must not take the
// keys at once. The hold is NEW_DEVICE_HOLD_HOURS=24; "later" is made by moving the hold's end into the past in
// the database, as another device's clock could not.

let server: TestServer
beforeAll(async () => {
  // The wait after an address is added is a rule of its own: off here, so the member can add their email.
  server = await startTestServer({ env: { NEW_DEVICE_HOLD_HOURS: '24', EXPORT_COOLDOWN_HOURS: '0' } })
})
afterAll(() => server.close())

/** What the dev outbox holds for `to`, newest first (notices carry no code, so they are read here). */
const messagesTo = (to: string) => server.parts.registry.get('devOutbox')?.outbox.list(to) ?? []

/** A device: a client of its own (cookies, device key). */
const device = () => new WalletCaller(new ApiClient(server.url))

/** A member with a phone and an email, signed up on their own device (the sign-up session is not held). */
async function memberWithTwoAddresses() {
  const phone = uniquePhoneNumber()
  const email = uniqueEmail()
  const own = device()
  const signedUp = await own.signIn('phone', phone)
  expect(signedUp.status).toBe(200)
  await own.api.post('/api/v1/passwordless/init', { email, purpose: 'link' })
  const linked = await own.post('/api/v1/passwordless/link', { email, code: await own.api.codeFor(email) })
  expect(linked.status).toBe(200)
  const wallet = walletsOf(signedUp.body.user).find((each) => each.chain_type === 'ethereum') as MemberWallet
  return { phone, email, own, wallet }
}

/** The hold of `caller`'s session ends now: what 24 hours of waiting would do. */
async function endHoldOf(caller: WalletCaller) {
  const { db } = await sharedTestDatabase()
  const me = await caller.api.get('/api/v1/sessions')
  const sessionId = (me.body.sessions as { id: string; current: boolean }[]).find((each) => each.current)?.id
  if (!sessionId) throw new Error('no current session')
  const past = new Date(Date.now() - 1000)
  await db.update(sessionOrigins).set({ holdEndsAt: past }).where(eq(sessionOrigins.sessionId, sessionId))
  await db.update(heldActions).set({ opensAt: past }).where(eq(heldActions.sessionId, sessionId))
}

const exportInit = (caller: WalletCaller, wallet: MemberWallet) =>
  caller.post(`/api/v1/wallets/${wallet.id}/export/init`, {})
const exportKey = (caller: WalletCaller, wallet: MemberWallet, code: string) =>
  caller.post(`/api/v1/wallets/${wallet.id}/export`, { code, format: 'private_key' })

describe('a new device waits before keys leave', () => {
  it('a SIM swap: the export is held and told, cannot complete before its time, and an older session cancels it for good', async () => {
    const member = await memberWithTwoAddresses()
    // The attacker has the member's phone, and a device (and device key) of their own.
    const attacker = device()
    expect((await attacker.signIn('phone', member.phone)).status).toBe(200)
    // The sign-in from a device the account never used is told to the member's other address, not the phone.
    expect(messagesTo(member.email)[0]?.body).toContain('A device your Charter account has not used before')
    expect(messagesTo(member.phone)[0]?.body ?? '').not.toContain('has not used before')
    // It can read and sign.
    expect((await attacker.api.get('/api/v1/users/me')).status).toBe(200)
    const signature = await attacker.rpc(member.wallet.id, 'personal_sign', {
      message: 'hi',
      encoding: 'utf-8',
    })
    expect(signature.status).toBe(200)

    // The export it asks for is held: no code goes out, the member is told at every address.
    const phoneMessagesBefore = messagesTo(member.phone).length
    const held = await exportInit(attacker, member.wallet)
    expect(held.status).toBe(429)
    expect(held.body.code).toBe('too_many_requests')
    expect(held.body.error).toMatch(
      /^This device signed in less than 24 hours ago, so it must wait before it can export the key of your Ethereum wallet .+: it will be possible at \d{4}-\d\d-\d\d \d\d:\d\d UTC\./,
    )
    expect(Number(held.headers.get('retry-after'))).toBeGreaterThan(23 * 3600)
    for (const address of [member.email, member.phone]) {
      const notice = messagesTo(address)[0]?.body ?? ''
      expect(notice).toMatch(
        /Someone signed in to your Charter account on a new device on .+ UTC and asked to export the key of your Ethereum wallet .+\. It will be possible at .+ UTC unless you cancel it: http:\/\/127\.0\.0\.1:\d+\/held\/[0-9a-f]{64} \(no sign-in needed\)\. If it was you, there is nothing to do\. If not, cancel it, then open Charter on a device you trust and sign that device out/,
      )
      expect(notice).not.toMatch(/\b\d{6}\b/)
    }
    expect(messagesTo(member.phone)).toHaveLength(phoneMessagesBefore + 1)
    // Whatever code it tries, the export is held before the code is looked at.
    const tried = await exportKey(attacker, member.wallet, '123456')
    expect(tried.status).toBe(429)
    expect(tried.body).not.toHaveProperty('private_key')

    // The member's older session sees the held export and cancels it.
    const seen = await member.own.api.get('/api/v1/held_actions')
    expect(seen.status).toBe(200)
    expect(seen.body.hold_ends_at).toBeNull()
    const [pending] = seen.body.held_actions
    if (!pending) throw new Error('nothing held')
    expect(pending).toMatchObject({ kind: 'export', status: 'held', this_device: false, can_cancel: true })
    const cancelled = await member.own.post(`/api/v1/held_actions/${pending.id}/cancel`, {})
    expect(cancelled.status).toBe(200)
    expect(cancelled.body.status).toBe('cancelled')

    // Even once its hold has ended, the cancelled device cannot export.
    await endHoldOf(attacker)
    const afterwards = await exportInit(attacker, member.wallet)
    expect(afterwards.status).toBe(429)
    expect(afterwards.body.error).toContain('Another of your devices cancelled a request this device made')
    const withCode = await exportKey(attacker, member.wallet, '123456')
    expect(withCode.status).toBe(429)
    expect(withCode.body).not.toHaveProperty('private_key')
    const attackerSees = await attacker.api.get('/api/v1/held_actions')
    expect(attackerSees.body.held_actions[0]).toMatchObject({ id: pending.id, status: 'cancelled' })
  })

  it('completes after the hold from the same session only, with a fresh code to the other address', async () => {
    const member = await memberWithTwoAddresses()
    const newDevice = device()
    await newDevice.signIn('phone', member.phone)
    const asked = await newDevice.post(`/api/v1/wallets/${member.wallet.id}/export/hold`, {})
    expect(asked.status).toBe(200)
    expect(asked.body.hold_ends_at).toBeGreaterThan(Date.now() / 1000 + 23 * 3600)
    expect(asked.body.held_actions[0]).toMatchObject({ status: 'held', this_device: true, can_cancel: true })
    // Asking again answers the same request, and tells nobody twice.
    const notices = messagesTo(member.email).length
    const again = await newDevice.post(`/api/v1/wallets/${member.wallet.id}/export/hold`, {})
    expect(again.body.held_actions[0]?.id).toBe(asked.body.held_actions[0]?.id)
    expect(messagesTo(member.email)).toHaveLength(notices)

    // Another new device, still within its own hold, cannot complete it.
    const other = device()
    await other.signIn('email', member.email)
    expect((await exportInit(other, member.wallet)).status).toBe(429)
    const fromOther = await exportKey(other, member.wallet, '123456')
    expect(fromOther.status).toBe(429)
    expect(fromOther.body).not.toHaveProperty('private_key')

    // Before the hold ends, the asking device cannot either.
    expect((await exportInit(newDevice, member.wallet)).status).toBe(429)

    await endHoldOf(newDevice)
    const init = await exportInit(newDevice, member.wallet)
    expect(init.status).toBe(200)
    // Signed in with the phone: the code goes to the email, and the answer says so.
    expect(init.body).toMatchObject({ via: 'email', sent_to: member.email })
    // The other device cannot use that session's code.
    const code = await newDevice.api.codeFor(member.email)
    expect((await exportKey(other, member.wallet, code)).status).toBe(429)
    const exported = await exportKey(newDevice, member.wallet, code)
    expect(exported.status).toBe(200)
    expect(privateKeyToAddress(exported.body.private_key as Hex)).toBe(member.wallet.address)
    const list = await member.own.api.get('/api/v1/held_actions')
    const done = list.body.held_actions.find(
      (each: { id: string }) => each.id === asked.body.held_actions[0]?.id,
    )
    expect(done).toMatchObject({ status: 'completed', can_cancel: false })
    // The other device's attempt was recorded, and is still held.
    expect(list.body.held_actions).toHaveLength(2)
  })

  it('two asks at once record one request and tell the member once', async () => {
    const member = await memberWithTwoAddresses()
    const newDevice = device()
    await newDevice.signIn('phone', member.phone)
    const told = messagesTo(member.email).length
    const answers = await Promise.all([
      exportInit(newDevice, member.wallet),
      newDevice.post(`/api/v1/wallets/${member.wallet.id}/export/hold`, {}),
      exportInit(newDevice, member.wallet),
    ])
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 429, 429])
    const list = await member.own.api.get('/api/v1/held_actions')
    expect(list.body.held_actions).toHaveLength(1)
    expect(messagesTo(member.email)).toHaveLength(told + 1)
  })

  it('only the asking device or an older one may cancel', async () => {
    const member = await memberWithTwoAddresses()
    const asking = device()
    await asking.signIn('phone', member.phone)
    // Signed in later with the same address as the asking device: a later sign-in by the other address may cancel.
    const newer = device()
    await newer.signIn('phone', member.phone)
    const asked = await asking.post(`/api/v1/wallets/${member.wallet.id}/export/hold`, {})
    const id = asked.body.held_actions[0]?.id as string
    expect((await newer.api.get('/api/v1/held_actions')).body.held_actions[0]?.can_cancel).toBe(false)
    const refused = await newer.post(`/api/v1/held_actions/${id}/cancel`, {})
    expect(refused.status).toBe(400)
    expect(refused.body.error).toContain('one that signed in before it')
    // Unsigned, even the older device is refused: cancelling is signed with the device key.
    const unsigned = await member.own.api.post(`/api/v1/held_actions/${id}/cancel`, {})
    expect(unsigned.status).toBe(401)
    // Another member cannot see or cancel it.
    const stranger = device()
    await stranger.signIn('phone', uniquePhoneNumber())
    expect((await stranger.api.get('/api/v1/held_actions')).body.held_actions).toEqual([])
    expect((await stranger.post(`/api/v1/held_actions/${id}/cancel`, {})).status).toBe(400)
    // The asking device may withdraw its own request, and ask again later.
    const withdrawn = await asking.post(`/api/v1/held_actions/${id}/cancel`, {})
    expect(withdrawn.body).toMatchObject({ status: 'cancelled', cancelled_here: true })
    const askedAgain = await asking.post(`/api/v1/wallets/${member.wallet.id}/export/hold`, {})
    expect(askedAgain.status).toBe(200)
    // The older device can also end the new device's session with the existing route.
    const sessions = (await member.own.api.get('/api/v1/sessions')).body.sessions as { id: string }[]
    const askingSession = (await asking.api.get('/api/v1/sessions')).body.sessions.find(
      (each: { current: boolean }) => each.current,
    )?.id as string
    expect(sessions.map((each) => each.id)).toContain(askingSession)
    expect((await member.own.api.post(`/api/v1/sessions/${askingSession}/logout`)).status).toBe(200)
    expect((await asking.api.get('/api/v1/users/me')).status).toBe(401)
  })

  it('a device the account has used before is not announced again', async () => {
    const member = await memberWithTwoAddresses()
    const laptop = device()
    const first = await laptop.signIn('phone', member.phone)
    const deviceCookie = first.headers.get('set-cookie')?.match(/charter-device=([^;]+)/)?.[1]
    expect(deviceCookie).toMatch(/^[\w-]{43}$/)
    const told = messagesTo(member.email).length
    // The same browser signs in again: it keeps its cookies, the device cookie among them.
    expect(laptop.api.cookie).toContain(`charter-device=${deviceCookie}`)
    const again = await laptop.signIn('phone', member.phone)
    expect(again.status).toBe(200)
    expect(messagesTo(member.email)).toHaveLength(told)
    // Another client, with no device cookie yet (as one that keeps none), is a new device.
    const fresh = await device().signIn('phone', member.phone)
    expect(fresh.status).toBe(200)
    expect(messagesTo(member.email)).toHaveLength(told + 1)
  })
})

describe('NEW_DEVICE_HOLD_HOURS=0', () => {
  it('turns the hold off: a new device exports at once, as before', async () => {
    const open = await startTestServer({ env: { NEW_DEVICE_HOLD_HOURS: '0' } })
    try {
      const phone = uniquePhoneNumber()
      const first = new WalletCaller(new ApiClient(open.url))
      const signedUp = await first.signIn('phone', phone)
      const wallet = walletsOf(signedUp.body.user).find(
        (each) => each.chain_type === 'ethereum',
      ) as MemberWallet
      const second = new WalletCaller(new ApiClient(open.url))
      await second.signIn('phone', phone)
      const init = await second.post(`/api/v1/wallets/${wallet.id}/export/init`, {})
      expect(init.status).toBe(200)
      // One address only: the code goes to it.
      expect(init.body).toMatchObject({ via: 'phone', sent_to: `*${phone.slice(-4)}` })
      const exported = await second.post(`/api/v1/wallets/${wallet.id}/export`, {
        code: await second.api.codeFor(phone),
        format: 'private_key',
      })
      expect(exported.status).toBe(200)
      expect((await second.api.get('/api/v1/held_actions')).body).toEqual({
        hold_ends_at: null,
        held_actions: [],
        budget: [],
      })
    } finally {
      await open.close()
    }
  })
})
