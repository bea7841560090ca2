import { generateKeyPairSync, randomUUID, sign } from 'node:crypto'
import { getBase58Decoder } from '@solana/kit'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { heldActions, sessionOrigins } from '../db/schema.ts'
import { ApiClient, uniqueEmail, uniquePhoneNumber } from '../testing/ApiClient.ts'
import type { Json } from '../testing/Json.ts'
import { sharedTestDatabase, startTestServer, type TestServer } from '../testing/startTestServer.ts'
import { sweepHeldSends } from '../testing/sweepHeldSends.ts'
import { type MemberWallet, WalletCaller, walletsOf } from '../testing/WalletCaller.ts'
import { releaseHeldActions } from './releaseHeldActions.ts'

// The SIM-swap attacker's moves against the brake (docs/security.md, "The SIM-swap attacker"), each tried first
// over HTTP: whoever holds the member's phone signs in on a device of their own (a session within its
// NEW_DEVICE_HOLD_HOURS=24 hold) and tries to take the brake away. "Later" is the sweep run with a clock a day
// ahead, as the server's 30-second sweep would run then, or a hold's end moved into the past in the database.

let server: TestServer
beforeAll(async () => {
  server = await startTestServer({ env: { NEW_DEVICE_HOLD_HOURS: '24', EXPORT_COOLDOWN_HOURS: '0' } })
})
afterAll(() => server.close())

/** What the dev outbox holds for `to`, newest first. */
const messagesTo = (to: string) => server.parts.registry.get('devOutbox')?.outbox.list(to) ?? []

/** A device: a client of its own (cookies, device key). */
const device = () => new WalletCaller(new ApiClient(server.url))

/** A member who signed up with their phone on their own device (not held: the sign-up made the account). */
async function memberWithPhone() {
  const phone = uniquePhoneNumber()
  const own = device()
  const signedUp = await own.signIn('phone', phone)
  expect(signedUp.status).toBe(200)
  const wallet = walletsOf(signedUp.body.user).find((each) => each.chain_type === 'ethereum') as MemberWallet
  return { phone, own, wallet }
}

/** The same, with an email address linked too. */
async function memberWithTwoAddresses() {
  const member = await memberWithPhone()
  const email = uniqueEmail()
  await member.own.api.post('/api/v1/passwordless/init', { email, purpose: 'link' })
  const linked = await member.own.post('/api/v1/passwordless/link', {
    email,
    code: await member.own.api.codeFor(email),
  })
  expect(linked.status).toBe(200)
  return { ...member, email }
}

/** The thief: the member's phone, on a device of their own. */
async function thiefWith(phone: string) {
  const thief = device()
  expect((await thief.signIn('phone', phone)).status).toBe(200)
  return thief
}

const sessionIdOf = async (caller: WalletCaller) => {
  const sessions = (await caller.api.get('/api/v1/sessions')).body.sessions as {
    id: string
    current: boolean
  }[]
  const id = sessions.find((each) => each.current)?.id
  if (!id) throw new Error('no current session')
  return id
}

/** Is the caller still signed in? */
const works = async (caller: WalletCaller) => (await caller.api.get('/api/v1/users/me')).status === 200

/** What the server's sweep does a day and a bit from now. */
const sweepLater = () =>
  releaseHeldActions({
    db: server.parts.database.db,
    signOuts: server.parts.signOuts,
    hold: server.parts.hold,
    now: new Date(Date.now() + 25 * 3_600_000),
  })

/** The cancel link in the newest notice to `to`. */
function linkIn(to: string) {
  const link = messagesTo(to)[0]?.body.match(/(https?:\/\/\S+\/held\/([0-9a-f]{64}))/)
  if (!link?.[1] || !link[2]) throw new Error(`no cancel link in the newest notice to ${to}`)
  return { url: link[1], path: `/held/${link[2]}` }
}

/** A Solana wallet the member holds. */
function newSolana() {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519')
  const raw = Buffer.from(publicKey.export({ format: 'jwk' }).x as string, 'base64url')
  return { address: getBase58Decoder().decode(raw), privateKey }
}

/** A signed Sign-In with Solana body for that wallet, with a fresh nonce (no chain plays a part). */
async function siwsBody(api: ApiClient, wallet: ReturnType<typeof newSolana>) {
  const init = await api.post('/api/v1/siws/init', { address: wallet.address })
  const site = new URL(server.url)
  const message = `${site.host} wants you to sign in with your Solana account:\n${wallet.address}\n\nSign in to Charter.\n\nURI: ${site.origin}\nVersion: 1\nNonce: ${(init.body as Json).nonce}\nIssued At: ${new Date().toISOString()}`
  const signature = sign(null, Buffer.from(message, 'utf8'), wallet.privateKey).toString('base64')
  return { message, signature, walletClientType: 'phantom', connectorType: 'injected' }
}

const heldOf = async (caller: WalletCaller) =>
  (await caller.api.get('/api/v1/held_actions')).body.held_actions as Json[]

describe('the thief cannot sign the member out', () => {
  it("a thief's new session signing out the member's older session is held, told with a link, and the member cancels it", async () => {
    const member = await memberWithTwoAddresses()
    const thief = await thiefWith(member.phone)
    const memberSession = await sessionIdOf(member.own)

    const tried = await thief.api.post(`/api/v1/sessions/${memberSession}/logout`)
    expect(tried.status).toBe(403)
    expect(tried.body.code).toBe('action_held')
    expect(tried.body.error).toMatch(
      /signing out a device that signed in before it waits: it will happen at .+ UTC/,
    )
    expect((tried.body as Json).held_action.opens_at).toBeGreaterThan(Date.now() / 1000 + 23 * 3600)
    // The member's session still works.
    expect(await works(member.own)).toBe(true)
    // Every address is told, in plain words, with a link.
    for (const address of [member.phone, member.email]) {
      expect(messagesTo(address)[0]?.body).toMatch(
        /Someone signed in to your Charter account on a new device on .+ UTC and asked to sign out .+, which signed in on .+ UTC\. It will happen at .+ UTC unless you cancel it: http:\/\/127\.0\.0\.1:\d+\/held\/[0-9a-f]{64} \(no sign-in needed\)/,
      )
    }
    // Asking again holds the same request and tells nobody twice.
    const told = messagesTo(member.email).length
    expect(
      ((await thief.api.post(`/api/v1/sessions/${memberSession}/logout`)).body as Json).held_action.id,
    ).toBe((tried.body as Json).held_action.id)
    expect(messagesTo(member.email)).toHaveLength(told)

    // The session it would end sees it and cancels it; even a day later it does not happen.
    const [held] = await heldOf(member.own)
    expect(held).toMatchObject({
      id: (tried.body as Json).held_action.id,
      kind: 'sign_out',
      status: 'held',
      can_cancel: true,
    })
    const cancelled = await member.own.post(`/api/v1/held_actions/${held.id}/cancel`, {})
    expect(cancelled.status).toBe(200)
    expect(cancelled.body.status).toBe('cancelled')
    await sweepLater()
    expect(await works(member.own)).toBe(true)

    // The member's older session signs the thief out at once, as before.
    const thiefSession = await sessionIdOf(thief)
    expect((await member.own.api.post(`/api/v1/sessions/${thiefSession}/logout`)).status).toBe(200)
    expect(await works(thief)).toBe(false)
  })

  it("a thief's sign-out everywhere ends only the thief's own session (and younger ones) at once; the older ones' ending waits", async () => {
    const member = await memberWithTwoAddresses()
    const thief = await thiefWith(member.phone)
    // A device that signed in after the thief: younger, so the thief may end it at once.
    const younger = await thiefWith(member.phone)

    const out = await thief.api.post('/api/v1/sessions/logout', { everywhere: true })
    expect(out.status).toBe(200)
    expect(out.body).toMatchObject({ success: true, session_update_action: 'clear' })
    expect((out.body as Json).held_action.opens_at).toBeGreaterThan(Date.now() / 1000 + 23 * 3600)
    expect(await works(thief)).toBe(false)
    expect(await works(younger)).toBe(false)
    expect(await works(member.own)).toBe(true)
    const [held] = await heldOf(member.own)
    expect(held).toMatchObject({ kind: 'sign_out', status: 'held', can_cancel: true })
    expect(held.summary).toMatch(/^Sign out your other device that signed in before it/)
    expect(messagesTo(member.email)[0]?.body).toContain('asked to sign out your other device')

    const link = linkIn(member.email)
    // Uncancelled, it happens when the hold ends; its link then says so.
    await sweepLater()
    expect(await works(member.own)).toBe(false)
    const late = await new ApiClient(server.url).post(link.path)
    expect(late.status).toBe(409)
    expect(late.text).toContain('This request went ahead already: it can no longer be cancelled.')
  })

  it("a thief cannot sign out at once the member's later sign-in through another address, alone or everywhere", async () => {
    const member = await memberWithTwoAddresses()
    const thief = await thiefWith(member.phone)
    // The member signs in later by email: younger than the thief's session, but the member's way back in.
    const rescue = device()
    expect((await rescue.signIn('email', member.email)).status).toBe(200)
    const tried = await thief.api.post(`/api/v1/sessions/${await sessionIdOf(rescue)}/logout`)
    expect(tried.status).toBe(403)
    expect(tried.body.code).toBe('action_held')
    expect(await works(rescue)).toBe(true)
    // Everywhere: the thief's own session ends; the member's sessions, older or by email, wait.
    const thief2 = await thiefWith(member.phone)
    const everywhere = await thief2.api.post('/api/v1/sessions/logout', { everywhere: true })
    expect(everywhere.status).toBe(200)
    expect(await works(thief2)).toBe(false)
    expect(await works(rescue)).toBe(true)
    expect(await works(member.own)).toBe(true)
  })

  it('a trusted session still signs out everywhere at once, and a held sign-out of a device another signed out never happens', async () => {
    const member = await memberWithTwoAddresses()
    const thief = await thiefWith(member.phone)
    const memberSession = await sessionIdOf(member.own)
    const tried = await thief.api.post(`/api/v1/sessions/${memberSession}/logout`)
    expect(tried.status).toBe(403)
    // The member, on the older device, signs the thief out; the thief's held sign-out dies with it.
    expect((await member.own.api.post(`/api/v1/sessions/${await sessionIdOf(thief)}/logout`)).status).toBe(
      200,
    )
    await sweepLater()
    expect(await works(member.own)).toBe(true)

    const second = device()
    await second.signIn('email', member.email)
    const everywhere = await member.own.api.post('/api/v1/sessions/logout', { everywhere: true })
    expect(everywhere.status).toBe(200)
    expect(everywhere.body).not.toHaveProperty('held_action')
    expect(await works(second)).toBe(false)
  })
})

describe('step-up codes from a new device go to the other address', () => {
  it('a thief asking a step-up code by phone is refused; without via it goes to the email', async () => {
    const member = await memberWithTwoAddresses()
    const thief = await thiefWith(member.phone)
    const phoneMessages = messagesTo(member.phone).length

    const byPhone = await thief.post('/api/v1/step_up/init', { action: 'update_phone', via: 'phone' })
    expect(byPhone.status).toBe(400)
    expect(byPhone.body.error).toBe(
      'via: this device signed in with your phone number less than 24 hours ago, so a code that confirms a change goes to your other address, never to that one. Ask for it by email address (via: "email").',
    )
    // update_email would go to the phone by default: from a new device it goes to the email.
    const plain = await thief.post('/api/v1/step_up/init', { action: 'update_email' })
    expect(plain.status).toBe(200)
    expect(plain.body).toMatchObject({ via: 'email', sent_to: member.email })
    expect(messagesTo(member.phone)).toHaveLength(phoneMessages)

    // And the change itself waits the hold in any case.
    const update = await thief.post('/api/v1/passwordless_sms/update', {
      old_phone_number: member.phone,
      new_phone_number: uniquePhoneNumber(),
      code: '123456',
      step_up_code: '123456',
    })
    expect(update.status).toBe(429)
    expect(update.body.error).toMatch(
      /^This device signed in less than 24 hours ago, so it must wait before it can change the phone number you sign in with: it will be possible at .+ UTC\./,
    )
  })

  it("a thief on a one-address account changing the phone is held, told, and the member's device cancels it for good", async () => {
    const member = await memberWithPhone()
    const thief = await thiefWith(member.phone)
    const told = messagesTo(member.phone).length

    // Asking for the step-up code sends none: the change is held.
    const init = await thief.post('/api/v1/step_up/init', { action: 'update_phone' })
    expect(init.status).toBe(429)
    expect(init.body.error).toMatch(/must wait before it can change the phone number you sign in with/)
    expect(messagesTo(member.phone)).toHaveLength(told + 1)
    expect(messagesTo(member.phone)[0]?.body).toMatch(
      /Someone signed in to your Charter account on a new device .+ asked to change the phone number/,
    )
    // Nor may it name the phone.
    const named = await thief.post('/api/v1/step_up/init', { action: 'update_phone', via: 'phone' })
    expect(named.status).toBe(400)
    expect(named.body.error).toContain('Your account has no other, so the change waits instead')
    // Linking an email of the thief's own waits too.
    const email = uniqueEmail()
    const link = await thief.post('/api/v1/passwordless/link', { email, code: '123456' })
    expect(link.status).toBe(429)
    expect(link.body.error).toMatch(/must wait before it can add an email address to your account/)

    const held = await heldOf(member.own)
    expect(held.map((each) => each.kind)).toEqual(['address_change', 'address_change'])
    for (const action of held) {
      expect((await member.own.post(`/api/v1/held_actions/${action.id}/cancel`, {})).status).toBe(200)
    }
    // Once cancelled, that device cannot change the address even after its hold.
    const { db } = await sharedTestDatabase()
    await db
      .update(sessionOrigins)
      .set({ holdEndsAt: new Date(Date.now() - 1000) })
      .where(eq(sessionOrigins.sessionId, await sessionIdOf(thief)))
    const after = await thief.post('/api/v1/step_up/init', { action: 'update_phone' })
    expect(after.status).toBe(200)
    const update = await thief.post('/api/v1/passwordless_sms/update', {
      old_phone_number: member.phone,
      new_phone_number: uniquePhoneNumber(),
      code: '123456',
      step_up_code: await thief.api.codeFor(member.phone),
    })
    expect(update.status).toBe(429)
    expect(update.body.error).toContain('Another of your devices cancelled a request this device made')
  })
})

describe("the ways in stay the member's", () => {
  it("a thief's unlink of the member's wallet, and link of one of its own, are held; the member signing in with the wallet cancels them", async () => {
    const member = await memberWithPhone()
    const wallet = newSolana()
    expect((await member.own.post('/api/v1/siws/link', await siwsBody(member.own.api, wallet))).status).toBe(
      200,
    )
    const thief = await thiefWith(member.phone)

    const unlink = await thief.post('/api/v1/siws/unlink', { address: wallet.address })
    expect(unlink.status).toBe(429)
    expect(unlink.body.error).toMatch(/must wait before it can remove the wallet .+ you sign in with/)
    const own = newSolana()
    const link = await thief.post('/api/v1/siws/link', await siwsBody(thief.api, own))
    expect(link.status).toBe(429)
    expect(link.body.error).toMatch(/must wait before it can add a wallet to your account/)

    // The member signs in with the wallet: later than the thief, but not with the phone the thief holds.
    const byWallet = device()
    const signedIn = await byWallet.api.post('/api/v1/siws/authenticate', {
      ...(await siwsBody(byWallet.api, wallet)),
      authorization_key: byWallet.publicKeySpki,
    })
    expect(signedIn.status).toBe(200)
    for (const action of await heldOf(byWallet)) {
      expect(action).toMatchObject({ kind: 'address_change', can_cancel: true })
      expect((await byWallet.post(`/api/v1/held_actions/${action.id}/cancel`, {})).status).toBe(200)
    }
    const user = await member.own.api.get('/api/v1/users/me')
    expect(JSON.stringify(user.body)).toContain(wallet.address)
  })
})

describe('who may cancel', () => {
  it("a later sign-in by email cancels the thief's held action; a later one by phone cannot", async () => {
    const member = await memberWithTwoAddresses()
    const thief = await thiefWith(member.phone)
    const asked = await thief.post(`/api/v1/wallets/${member.wallet.id}/export/hold`, {})
    expect(asked.status).toBe(200)
    const id = asked.body.held_actions[0]?.id as string

    // The member lost their own device too: they sign in again, later than the thief, by phone and by email.
    const byPhone = await thiefWith(member.phone)
    expect((await heldOf(byPhone)).find((each) => each.id === id)?.can_cancel).toBe(false)
    const refused = await byPhone.post(`/api/v1/held_actions/${id}/cancel`, {})
    expect(refused.status).toBe(400)
    expect(refused.body.error).toContain('or one that signed in later with another of your addresses')

    const byEmail = device()
    expect((await byEmail.signIn('email', member.email)).status).toBe(200)
    expect((await heldOf(byEmail)).find((each) => each.id === id)?.can_cancel).toBe(true)
    const cancelled = await byEmail.post(`/api/v1/held_actions/${id}/cancel`, {})
    expect(cancelled.status).toBe(200)
    expect(cancelled.body).toMatchObject({ status: 'cancelled', cancelled_here: true })
  })

  it('the notice link cancels without signing in, once; a second use, or after the wait, says so', async () => {
    const member = await memberWithTwoAddresses()
    const thief = await thiefWith(member.phone)
    await thief.post(`/api/v1/wallets/${member.wallet.id}/export/hold`, {})
    const link = linkIn(member.email)
    expect(link.url.startsWith(server.url)).toBe(true)
    const stranger = new ApiClient(server.url)

    // Opening it cancels nothing (a mail client's preview opens links): it shows what it would cancel.
    const shown = await stranger.get(link.path)
    expect(shown.status).toBe(200)
    expect(shown.headers.get('content-type')).toContain('text/html')
    expect(shown.text).toContain('Cancel this request?')
    expect(shown.text).toMatch(/asked to: Export the key of your Ethereum wallet/)
    expect((await heldOf(member.own))[0]).toMatchObject({ status: 'held' })

    const cancelled = await stranger.post(link.path)
    expect(cancelled.status).toBe(200)
    expect(cancelled.text).toContain('Cancelled: Export the key of your Ethereum wallet')
    expect((await heldOf(member.own))[0]).toMatchObject({ status: 'cancelled', can_cancel: false })
    // The thief's device cannot ask for the export again.
    const again = await thief.post(`/api/v1/wallets/${member.wallet.id}/export/init`, {})
    expect(again.status).toBe(429)
    expect(again.body.error).toContain('Another of your devices cancelled a request this device made')

    const twice = await stranger.post(link.path)
    expect(twice.status).toBe(409)
    expect(twice.text).toMatch(/This request was cancelled already, on .+ UTC\./)
    expect((await stranger.get(link.path)).text).toContain('This request was cancelled already')

    // A link whose wait is over cancels nothing, and says so; a made-up one names nothing.
    const member2 = await memberWithTwoAddresses()
    const thief2 = await thiefWith(member2.phone)
    await thief2.post(`/api/v1/wallets/${member2.wallet.id}/export/hold`, {})
    const late = linkIn(member2.email)
    const { db } = await sharedTestDatabase()
    await db
      .update(heldActions)
      .set({ opensAt: new Date(Date.now() - 1000) })
      .where(eq(heldActions.sessionId, await sessionIdOf(thief2)))
    const tooLate = await stranger.post(late.path)
    expect(tooLate.status).toBe(409)
    expect(tooLate.text).toContain('The wait ended at')
    expect((await heldOf(member2.own))[0]?.status).toBe('ready')
    const madeUp = await stranger.get(`/held/${'0'.repeat(64)}`)
    expect(madeUp.status).toBe(404)
    expect(madeUp.text).toContain('This link does not name a request')
  })
})

describe('freeze', () => {
  const freeze = (caller: WalletCaller, hours: number) => caller.post('/api/v1/account/freeze', { hours })
  const lift = (caller: WalletCaller) => caller.post('/api/v1/account/freeze/lift', {})
  const sign = (caller: WalletCaller, wallet: MemberWallet) =>
    caller.rpc(wallet.id, 'personal_sign', { message: 'hi', encoding: 'utf-8' })

  it('from any session blocks signatures, sends and exports on every session; lifting from a younger session is held', async () => {
    const member = await memberWithTwoAddresses()
    const thief = await thiefWith(member.phone)
    expect((await sign(thief, member.wallet)).status).toBe(200)

    // The member's older device freezes the account for a day: at once, told to every address.
    const frozen = await freeze(member.own, 24)
    expect(frozen.status).toBe(200)
    expect(frozen.body).toMatchObject({ frozen: true, lift: null })
    expect(frozen.body.ends_at).toBeGreaterThan(Date.now() / 1000 + 23.9 * 3600)
    for (const address of [member.phone, member.email]) {
      expect(messagesTo(address)[0]?.body).toMatch(
        /Your Charter account was frozen on .+ UTC until .+ UTC: no device can send, sign or export until then\./,
      )
    }
    for (const caller of [thief, member.own]) {
      const signed = await sign(caller, member.wallet)
      expect(signed.status).toBe(403)
      expect(signed.body).toMatchObject({ code: 'account_frozen' })
      expect(signed.body.error).toMatch(
        /^Your account is frozen until .+ UTC: no device can send, sign or export/,
      )
      expect(Number(signed.headers.get('retry-after'))).toBeGreaterThan(23 * 3600)
      const sent = await caller.post(
        `/api/v1/wallets/${member.wallet.id}/rpc`,
        {
          method: 'eth_sendTransaction',
          caip2: 'eip155:84532',
          params: { transaction: { to: member.wallet.address, value: '1' } },
        },
        { headers: { 'privy-idempotency-key': crypto.randomUUID() } },
      )
      expect(sent.status).toBe(403)
      expect(sent.body.code).toBe('account_frozen')
      const exported = await caller.post(`/api/v1/wallets/${member.wallet.id}/export/init`, {})
      expect(exported.status).toBe(403)
      expect(exported.body.code).toBe('account_frozen')
      const withCode = await caller.post(`/api/v1/wallets/${member.wallet.id}/export`, {
        code: '123456',
        format: 'private_key',
      })
      expect(withCode.status).toBe(403)
      expect(withCode.body).not.toHaveProperty('private_key')
    }
    expect((await thief.api.get('/api/v1/account/freeze')).body.frozen).toBe(true)

    // The thief's younger session cannot lift it at once: held, told, and the member cancels it.
    const lifted = await lift(thief)
    expect(lifted.status).toBe(403)
    expect(lifted.body.code).toBe('action_held')
    expect(lifted.body.error).toMatch(/lifting it waits 24 hours: it will be lifted at .+ UTC/)
    expect(messagesTo(member.email)[0]?.body).toMatch(
      /asked to lift the freeze on your account\. It will happen at/,
    )
    expect((await sign(thief, member.wallet)).status).toBe(403)
    const status = await member.own.api.get('/api/v1/account/freeze')
    expect(status.body.lift).toMatchObject({ id: lifted.body.held_action.id })
    const cancelled = await member.own.post(`/api/v1/held_actions/${lifted.body.held_action.id}/cancel`, {})
    expect(cancelled.status).toBe(200)

    // The author lifts it at once.
    const mine = await lift(member.own)
    expect(mine.status).toBe(200)
    expect(mine.body.frozen).toBe(false)
    expect((await sign(member.own, member.wallet)).status).toBe(200)
    expect((await sign(thief, member.wallet)).status).toBe(200)
  })

  it('a held lift takes effect when its wait is over; a younger freeze cannot make itself the author', async () => {
    const member = await memberWithTwoAddresses()
    const thief = await thiefWith(member.phone)
    expect((await freeze(member.own, 2)).status).toBe(200)
    // Freezing again from the younger session extends the freeze, and the member stays the one who lifts at once.
    const longer = await freeze(thief, 48)
    expect(longer.status).toBe(200)
    expect(longer.body.ends_at).toBeGreaterThan(Date.now() / 1000 + 47 * 3600)
    // Freezing again cancels a lift that waits.
    const first = await lift(thief)
    expect(first.status).toBe(403)
    expect((await freeze(member.own, 1)).body.lift).toBeNull()
    expect(
      (await heldOf(member.own)).find((each) => each.id === (first.body as Json).held_action.id)?.status,
    ).toBe('cancelled')
    // A lift asked again waits, and takes effect when its wait is over.
    const held = await thief.post('/api/v1/account/freeze/lift', {})
    expect(held.status).toBe(403)
    expect((await sign(member.own, member.wallet)).status).toBe(403)
    const { db } = await sharedTestDatabase()
    await db
      .update(heldActions)
      .set({ opensAt: new Date(Date.now() - 1000) })
      .where(eq(heldActions.id, held.body.held_action.id))
    expect((await sign(member.own, member.wallet)).status).toBe(200)
    expect((await member.own.api.get('/api/v1/account/freeze')).body.frozen).toBe(false)
  })

  it('a held lift never takes effect once the member signed the device that asked out', async () => {
    const member = await memberWithTwoAddresses()
    const thief = await thiefWith(member.phone)
    expect((await freeze(member.own, 48)).status).toBe(200)
    const held = await lift(thief)
    expect(held.status).toBe(403)
    const { db } = await sharedTestDatabase()
    await db
      .update(heldActions)
      .set({ opensAt: new Date(Date.now() - 1000) })
      .where(eq(heldActions.id, (held.body as Json).held_action.id))
    // Its wait is over, but the member signed the thief out first: still frozen, and the sweep drops the lift.
    expect((await member.own.api.post(`/api/v1/sessions/${await sessionIdOf(thief)}/logout`)).status).toBe(
      200,
    )
    expect((await member.own.api.get('/api/v1/account/freeze')).body.frozen).toBe(true)
    expect((await sign(member.own, member.wallet)).status).toBe(403)
    await sweepLater()
    const lifted = (await heldOf(member.own)).find((each) => each.id === (held.body as Json).held_action.id)
    expect(lifted).toMatchObject({ failure: 'The device that asked was signed out before its wait ended.' })
    expect((await member.own.api.get('/api/v1/account/freeze')).body.frozen).toBe(true)
  })

  it('holds back a held send whose wait is over while the account is frozen', async () => {
    const member = await memberWithTwoAddresses()
    const thief = await thiefWith(member.phone)
    // A send the thief's device had held (as holds/sendHold.ts records one), now due.
    const { db } = await sharedTestDatabase()
    const id = randomUUID()
    await db.insert(heldActions).values({
      id,
      userId: (await member.own.api.get('/api/v1/users/me')).body.user.id,
      sessionId: await sessionIdOf(thief),
      kind: 'send',
      subject: `${member.wallet.id}:key-${id}`,
      summary: 'Send 1 ETH to 0x… on Base Sepolia',
      opensAt: new Date(Date.now() - 1000),
      walletId: member.wallet.id,
      method: 'eth_sendTransaction',
      caip2: 'eip155:84532',
      params: { transaction: { to: member.wallet.address, value: '1' } },
      idempotencyKey: `key-${id}`,
    })
    expect((await freeze(member.own, 1)).status).toBe(200)
    const sweep = () => sweepHeldSends(server)
    await sweep()
    const waiting = (await heldOf(member.own)).find((each) => each.id === id)
    expect(waiting).toMatchObject({ status: 'ready', failure: null, can_cancel: true })
    // Once the freeze is lifted the sweep takes it up (here the chain is not offered, so it fails, and says so).
    expect((await lift(member.own)).status).toBe(200)
    await sweep()
    const after = (await heldOf(member.own)).find((each) => each.id === id)
    expect(after.status).toBe('completed')
    expect(after.failure).toEqual(expect.any(String))
  })

  it('refuses a period outside 1 to 168 hours, and an unsigned freeze', async () => {
    const member = await memberWithPhone()
    for (const hours of [0, 169, 1.5]) {
      const refused = await freeze(member.own, hours)
      expect(refused.status).toBe(400)
    }
    expect((await member.own.api.post('/api/v1/account/freeze', { hours: 1 })).status).toBe(401)
    expect((await lift(member.own)).body.error).toBe('Your account is not frozen.')
  })
})
