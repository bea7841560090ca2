import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { heldActions } from '../db/schema.ts'
import { ApiClient } from '../testing/ApiClient.ts'
import type { Json } from '../testing/Json.ts'
import { passkeyMembers, passkeyOrigin } from '../testing/passkeyMembers.ts'
import { SoftPasskey } from '../testing/softPasskey.ts'
import { looseSignInLimits, startTestServer, type TestServer } from '../testing/startTestServer.ts'
import { withTimeLeftInWindow } from '../testing/throttleWindows.ts'
import { type MemberWallet, walletsOf } from '../testing/WalletCaller.ts'

// Passkeys over HTTP (docs/passkeys.md), and the attacks on them (docs/security.md, "Passkeys"): a challenge
// replayed, used for another action, answered from another origin or with another member's credential, a
// passkey added from a new device before its hold ends, a copied credential, and the thief who holds the
// member's codes but not their passkey. The new-device hold is on (24 hours), as in production.

let server: TestServer
let origin: string
beforeAll(async () => {
  server = await startTestServer({ env: { NEW_DEVICE_HOLD_HOURS: '24', EXPORT_COOLDOWN_HOURS: '0' } })
  // Embedded mode binds passkeys to `localhost` on the server's port, whatever name the request used.
  origin = passkeyOrigin(server)
})
afterAll(() => server.close())

const { device, member, addPasskey, prove, signInWithPasskey } = passkeyMembers(() => server)
const messagesTo = (to: string) => server.parts.registry.get('devOutbox')?.outbox.list(to) ?? []

describe('adding a passkey', () => {
  it('is listed with its name, in the user’s linked accounts, and the app says passkeys work', async () => {
    const { own, phone } = await member()
    const { linked } = await addPasskey(own, undefined, '  Work   laptop ')
    expect(linked.status, linked.text).toBe(200)
    const account = linked.body.linked_accounts.find((each: Json) => each.type === 'passkey')
    expect(account).toMatchObject({ type: 'passkey', name: 'Work laptop', enrolled_in_mfa: false })
    expect(account.latest_verified_at).toBeNull()
    const list = await own.api.get('/api/v1/passkeys')
    expect(list.body.passkeys.map((each: Json) => each.name)).toEqual(['Work laptop'])
    expect(messagesTo(phone)[0]?.body).toContain('The passkey “Work laptop” was added')
    const config = await new ApiClient(server.url).get(`/api/v1/apps/${server.appId}`)
    expect(config.body).toMatchObject({ passkey_auth: true, passkeys_for_signup_enabled: false })
  })

  it('names it after its authenticator when the member gives no name, and refuses a name too long', async () => {
    const { own } = await member()
    const init = await own.api.post('/api/v1/passkeys/link/init', {})
    const passkey = new SoftPasskey(origin)
    const tooLong = await own.post('/api/v1/passkeys/link', {
      authenticator_response: passkey.create(init.body.options),
      name: 'x'.repeat(61),
    })
    expect(tooLong.status).toBe(400)
    expect(tooLong.body.error).toContain('1 to 60 characters')
    // Google Password Manager's AAGUID, as the published list names it.
    const again = await own.api.post('/api/v1/passkeys/link/init', {})
    const named = await own.post('/api/v1/passkeys/link', {
      authenticator_response: passkey.create(again.body.options, {
        aaguid: 'ea9b8d66-4d01-1d21-3ce4-b6b48cb575d4',
      }),
    })
    expect(named.status, named.text).toBe(200)
    const account = named.body.linked_accounts.find((each: Json) => each.type === 'passkey')
    expect(account).toMatchObject({
      name: 'Google Password Manager',
      authenticator_name: 'Google Password Manager',
    })
  })

  it('needs the device key: a stolen cookie alone adds nothing', async () => {
    const { own } = await member()
    const init = await own.api.post('/api/v1/passkeys/link/init', {})
    const unsigned = await own.api.post('/api/v1/passkeys/link', {
      authenticator_response: new SoftPasskey(origin).create(init.body.options),
    })
    expect(unsigned.status).toBe(401)
    expect((await own.api.get('/api/v1/passkeys')).body.passkeys).toEqual([])
  })

  it('refuses an answer from another origin, one without user verification, and a challenge used twice', async () => {
    const { own } = await member()
    for (const how of [{ origin: 'https://evil.example' }, { origin: server.url }, { userVerified: false }]) {
      const init = await own.api.post('/api/v1/passkeys/link/init', {})
      const refused = await own.post('/api/v1/passkeys/link', {
        authenticator_response: new SoftPasskey(origin).create(init.body.options, how),
      })
      expect(refused.status, JSON.stringify(how)).toBe(401)
      expect(refused.body.code).toBe('invalid_credentials')
    }
    const init = await own.api.post('/api/v1/passkeys/link/init', {})
    const answer = new SoftPasskey(origin).create(init.body.options)
    expect((await own.post('/api/v1/passkeys/link', { authenticator_response: answer })).status).toBe(200)
    const replayed = await own.post('/api/v1/passkeys/link', { authenticator_response: answer })
    expect(replayed.status).toBe(401)
    expect(replayed.body.error).toContain('expired, or was used already')
    expect((await own.api.get('/api/v1/passkeys')).body.passkeys).toHaveLength(1)
  })

  it('from a new device (the member’s codes on a thief’s phone) waits the hold, told to the member', async () => {
    const { phone } = await member()
    const thief = device()
    expect((await thief.signIn('phone', phone)).status).toBe(200)
    const init = await thief.api.post('/api/v1/passkeys/link/init', {})
    expect(init.status).toBe(429)
    expect(init.body.error).toContain('add a passkey to your account')
    expect(messagesTo(phone)[0]?.body).toContain('asked to add a passkey to your account')
    const held = (await thief.api.get('/api/v1/held_actions')).body.held_actions
    expect(held.map((each: Json) => [each.kind, each.status])).toEqual([['passkey_add', 'held']])
  })
})

describe('signing in with a passkey', () => {
  it('signs the member in, and the session is not a new device', async () => {
    const { own, userId } = await member()
    const { passkey } = await addPasskey(own)
    const { caller, signedIn } = await signInWithPasskey(passkey)
    expect(signedIn.status, signedIn.text).toBe(200)
    expect(signedIn.body.user.id).toBe(userId)
    expect(signedIn.body.session_update_action).toBe('set')
    const held = await caller.api.get('/api/v1/held_actions')
    expect(held.body.hold_ends_at).toBeNull()
    const sessions = (await caller.api.get('/api/v1/sessions')).body.sessions
    expect(sessions.find((each: Json) => each.current)?.signed_in_with).toBe('passkey')
    // Its export goes at once with a code: it is not held.
    const wallet = walletsOf(signedIn.body.user).find(
      (each) => each.chain_type === 'ethereum',
    ) as MemberWallet
    expect((await caller.post(`/api/v1/wallets/${wallet.id}/export/init`, {})).status).toBe(200)
    const listed = (await own.api.get('/api/v1/passkeys')).body.passkeys
    expect(listed[0]?.latest_verified_at).toBeGreaterThan(0)
  })

  it('refuses a replayed answer, a challenge that is not the one answered, and another origin', async () => {
    const { own } = await member()
    const { passkey } = await addPasskey(own)
    const first = await signInWithPasskey(passkey)
    expect(first.signedIn.status).toBe(200)
    const replay = await device().api.post('/api/v1/passkeys/authenticate', {
      challenge: first.init.body.options.challenge,
      authenticator_response: passkey.get(first.init.body.options),
    })
    expect(replay.status).toBe(401)
    expect(replay.body.error).toContain('expired, or was used already')
    const caller = device()
    const one = await caller.api.post('/api/v1/passkeys/authenticate/init', {})
    const other = await caller.api.post('/api/v1/passkeys/authenticate/init', {})
    const mismatched = await caller.api.post('/api/v1/passkeys/authenticate', {
      challenge: other.body.options.challenge,
      authenticator_response: passkey.get(one.body.options),
    })
    expect(mismatched.status).toBe(400)
    const phished = await signInWithPasskey(passkey, { origin: 'https://charter.evil.example' })
    expect(phished.signedIn.status).toBe(401)
    expect(phished.signedIn.body.code).toBe('invalid_credentials')
  })

  it('refuses a copy whose counter goes back, and tells the member', async () => {
    const { own, phone } = await member()
    const { passkey } = await addPasskey(own, undefined, 'Security key')
    const copy = passkey.copy()
    expect((await signInWithPasskey(passkey)).signedIn.status).toBe(200)
    expect((await signInWithPasskey(passkey)).signedIn.status).toBe(200)
    // The copy was taken before those two uses: its counter is behind the genuine key's.
    const cloned = await signInWithPasskey(copy)
    expect(cloned.signedIn.status).toBe(401)
    expect(cloned.signedIn.body.error).toContain('signature counter went back')
    expect(messagesTo(phone)[0]?.body).toContain('it was a copy of it')
    const events = (await own.api.get('/api/v1/users/me/events')).body.events
    expect(events[0]?.kind).toBe('passkey_copy_refused')
    // Tried again and again, the copy is refused each time, and the member is told once an hour, not each time.
    const told = messagesTo(phone).length
    expect((await signInWithPasskey(copy, { counter: 1 })).signedIn.status).toBe(401)
    expect(messagesTo(phone)).toHaveLength(told)
  })

  it('a removed passkey no longer signs in, and sign-up with a passkey is refused in words', async () => {
    const { own } = await member()
    const { passkey } = await addPasskey(own)
    const { answer } = await prove(own, { type: 'unlink', credential_id: passkey.credentialId }, passkey)
    const removed = await own.post('/api/v1/passkeys/unlink', {
      credential_id: passkey.credentialId,
      passkey: answer,
    })
    expect(removed.status, removed.text).toBe(200)
    expect(removed.body.linked_accounts.some((each: Json) => each.type === 'passkey')).toBe(false)
    const after = await signInWithPasskey(passkey)
    expect(after.signedIn.status).toBe(401)
    expect(after.signedIn.body.error).toContain('not on any Charter account')
    const signUp = await device().api.post('/api/v1/passkeys/register/init', {})
    expect(signUp.status).toBe(403)
    expect(signUp.body.code).toBe('passkey_not_allowed')
  })
})

describe('a passkey as the second factor', () => {
  it('lifts a new device’s held export at once, and the thief without it stays held', async () => {
    const { own, phone, wallet } = await member()
    const { passkey } = await addPasskey(own)
    // The member's own second device, signed in by code: a new device, its export held.
    const second = device()
    expect((await second.signIn('phone', phone)).status).toBe(200)
    const held = await second.post(`/api/v1/wallets/${wallet.id}/export/init`, {})
    expect(held.status).toBe(429)
    const action = (await second.api.get('/api/v1/held_actions')).body.held_actions[0] as Json
    expect(action.kind).toBe('export')
    // A thief (the same codes, no passkey) cannot release it: their own passkey is not the member's.
    const thief = device()
    expect((await thief.signIn('phone', phone)).status).toBe(200)
    const thiefsKey = new SoftPasskey(origin)
    const theirs = await prove(thief, { type: 'held_action', id: action.id }, thiefsKey)
    const refused = await thief.post(`/api/v1/held_actions/${action.id}/lift`, { passkey: theirs.answer })
    expect(refused.status).toBe(401)
    expect(refused.body.error).toContain('not one of your account’s')
    // The member's passkey, synced to the second device, releases it.
    const synced = passkey.copy()
    const { init, answer } = await prove(second, { type: 'held_action', id: action.id }, synced)
    expect(init.body.action).toContain('Export the key of your Ethereum wallet')
    const lifted = await second.post(`/api/v1/held_actions/${action.id}/lift`, { passkey: answer })
    expect(lifted.status, lifted.text).toBe(200)
    expect((await second.post(`/api/v1/wallets/${wallet.id}/export/init`, {})).status).toBe(200)
    const code = await second.api.codeFor(phone)
    const exported = await second.post(`/api/v1/wallets/${wallet.id}/export`, { code, format: 'private_key' })
    expect(exported.status, exported.text).toBe(200)
    expect(exported.body.private_key).toMatch(/^0x[0-9a-f]{64}$/)
    // The thief's own export is still held.
    expect((await thief.post(`/api/v1/wallets/${wallet.id}/export/init`, {})).status).toBe(429)
  })

  it('releases a new device’s held sign-out of an older session, and its held change of the phone', async () => {
    const { own, phone } = await member()
    const { passkey } = await addPasskey(own)
    const second = device()
    expect((await second.signIn('phone', phone)).status).toBe(200)
    const sessions = (await second.api.get('/api/v1/sessions')).body.sessions as Json[]
    const older = sessions.find((each) => !each.current)?.id as string
    const signOut = await second.post(`/api/v1/sessions/${older}/logout`, {})
    expect(signOut.status).toBe(403)
    const signOutId = signOut.body.held_action?.id as string
    const change = await second.post('/api/v1/step_up/init', { action: 'update_phone' })
    expect(change.status).toBe(429)
    const changeId = ((await second.api.get('/api/v1/held_actions')).body.held_actions as Json[]).find(
      (each) => each.kind === 'address_change',
    ).id as string
    // The member's passkey, synced to the new device: one credential, its counter moving on with each use.
    const synced = passkey.copy()
    for (const id of [signOutId, changeId]) {
      const { answer } = await prove(second, { type: 'held_action', id }, synced)
      expect((await second.post(`/api/v1/held_actions/${id}/lift`, { passkey: answer })).status).toBe(200)
    }
    // The sign-out ran at once: the older session is over.
    await expect.poll(async () => (await own.api.get('/api/v1/users/me')).status).toBe(401)
    // The change of the phone may go on now: its code is sent.
    expect((await second.post('/api/v1/step_up/init', { action: 'update_phone' })).status).toBe(200)
  })

  it('exports with the passkey instead of a code, bound to that wallet and that session', async () => {
    const { own, wallet } = await member()
    const { passkey } = await addPasskey(own)
    const solana = walletsOf((await own.api.get('/api/v1/users/me')).body.user).find(
      (each) => each.chain_type === 'solana',
    ) as MemberWallet
    // A proof for the Solana wallet's export does not export the Ethereum one.
    const forSolana = await prove(own, { type: 'export', wallet_id: solana.id }, passkey)
    const wrongWallet = await own.post(`/api/v1/wallets/${wallet.id}/export`, {
      passkey: forSolana.answer,
      format: 'private_key',
    })
    expect(wrongWallet.status).toBe(401)
    expect(wrongWallet.body.error).toContain('not for this request')
    // Nor does another session's proof.
    const other = await signInWithPasskey(passkey)
    const forOther = await prove(other.caller, { type: 'export', wallet_id: wallet.id }, passkey)
    const wrongSession = await own.post(`/api/v1/wallets/${wallet.id}/export`, {
      passkey: forOther.answer,
      format: 'private_key',
    })
    expect(wrongSession.status).toBe(401)
    const mine = await prove(own, { type: 'export', wallet_id: wallet.id }, passkey)
    const exported = await own.post(`/api/v1/wallets/${wallet.id}/export`, {
      passkey: mine.answer,
      format: 'private_key',
    })
    expect(exported.status, exported.text).toBe(200)
    expect(exported.body.private_key).toMatch(/^0x[0-9a-f]{64}$/)
    const both = await own.post(`/api/v1/wallets/${wallet.id}/export`, {
      passkey: mine.answer,
      code: '123456',
      format: 'private_key',
    })
    expect(both.status).toBe(400)
  })

  it('a device whose request the member cancelled confirms nothing, even with the passkey', async () => {
    const { own, phone, wallet } = await member()
    const { passkey } = await addPasskey(own)
    const second = device()
    expect((await second.signIn('phone', phone)).status).toBe(200)
    expect((await second.post(`/api/v1/wallets/${wallet.id}/export/init`, {})).status).toBe(429)
    const action = (await own.api.get('/api/v1/held_actions')).body.held_actions[0] as Json
    expect((await own.post(`/api/v1/held_actions/${action.id}/cancel`, {})).status).toBe(200)
    const { answer } = await prove(second, { type: 'export', wallet_id: wallet.id }, passkey)
    const refused = await second.post(`/api/v1/wallets/${wallet.id}/export`, {
      passkey: answer,
      format: 'private_key',
    })
    expect(refused.status).toBe(429)
    expect(refused.body.error).toContain('Another of your devices cancelled a request this device made')
  })

  it('a session starts at most 30 passkey ceremonies in ten minutes', async () => {
    const { own } = await member()
    await addPasskey(own) // the first: its link/init
    const asks = []
    for (let i = 0; i < 29; i++) {
      asks.push(
        (await own.api.post('/api/v1/passkeys/proof/init', { action: { type: 'export', wallet_id: 'x' } }))
          .status,
      )
    }
    const { own: other } = await member()
    expect(asks.at(-1)).not.toBe(429)
    const over = await own.api.post('/api/v1/passkeys/link/init', {})
    expect(over.status).toBe(429)
    expect(over.body.error).toContain('Too many passkey requests from this session')
    // Another member's session has its own allowance.
    expect((await other.api.post('/api/v1/passkeys/link/init', {})).status).toBe(200)
  })

  it('another member’s credential proves nothing for this member', async () => {
    const alice = await member()
    const bob = await member()
    const { passkey: alicesKey } = await addPasskey(alice.own)
    await addPasskey(bob.own)
    const { answer } = await prove(bob.own, { type: 'export', wallet_id: bob.wallet.id }, alicesKey)
    const refused = await bob.own.post(`/api/v1/wallets/${bob.wallet.id}/export`, {
      passkey: answer,
      format: 'private_key',
    })
    expect(refused.status).toBe(401)
    expect(refused.body.error).toContain('not one of your account’s')
  })

  it('removing a passkey without one waits the hold, even from an old device; with one it goes at once', async () => {
    const { own, phone, wallet } = await member()
    const { passkey } = await addPasskey(own, undefined, 'Phone')
    const waited = await own.post('/api/v1/passkeys/unlink', { credential_id: passkey.credentialId })
    expect(waited.status).toBe(403)
    expect(waited.body.code).toBe('action_held')
    expect(waited.body.error).toContain('waits 24 hours')
    expect(messagesTo(phone)[0]?.body).toContain('asked to remove the passkey “Phone”')
    expect((await own.api.get('/api/v1/passkeys')).body.passkeys).toHaveLength(1)
    const [row] = await server.parts.database.db
      .select()
      .from(heldActions)
      .where(eq(heldActions.id, waited.body.held_action?.id ?? ''))
    expect(row?.kind).toBe('passkey_remove')
    // A proof for an export does not remove it.
    const forExport = await prove(own, { type: 'export', wallet_id: wallet.id }, passkey)
    const wrong = await own.post('/api/v1/passkeys/unlink', {
      credential_id: passkey.credentialId,
      passkey: forExport.answer,
    })
    expect(wrong.status).toBe(401)
    const { answer } = await prove(own, { type: 'unlink', credential_id: passkey.credentialId }, passkey)
    const removed = await own.post('/api/v1/passkeys/unlink', {
      credential_id: passkey.credentialId,
      passkey: answer,
    })
    expect(removed.status, removed.text).toBe(200)
    expect((await own.api.get('/api/v1/passkeys')).body.passkeys).toEqual([])
  })

  it('renames a passkey, in one line of at most 60 characters', async () => {
    const { own } = await member()
    const { passkey } = await addPasskey(own, undefined, 'Old')
    const renamed = await own.send('PATCH', `/api/v1/passkeys/${passkey.credentialId}`, {
      name: 'Kitchen iPad',
    })
    expect(renamed.status, renamed.text).toBe(200)
    expect(renamed.body.name).toBe('Kitchen iPad')
    const blank = await own.send('PATCH', `/api/v1/passkeys/${passkey.credentialId}`, { name: '   ' })
    expect(blank.status).toBe(400)
    const stranger = await member()
    const notTheirs = await stranger.own.send('PATCH', `/api/v1/passkeys/${passkey.credentialId}`, {
      name: 'Mine',
    })
    expect(notTheirs.status).toBe(400)
    expect(notTheirs.body.error).toContain('no such passkey')
  })
})

describe('the passkey sign-in allowance', () => {
  it('an address starts at most its allowance of passkey sign-ins in ten minutes, and is told when to try again', async () => {
    const strict = await startTestServer({
      signInLimits: { ...looseSignInLimits, passkeySignInsPerClient: { limit: 3, windowSeconds: 600 } },
      env: { TRUST_PROXY: '1' },
    })
    try {
      await withTimeLeftInWindow(600, 30_000)
      const address = `198.51.100.${Math.floor(Math.random() * 250) + 1}`
      const client = new ApiClient(strict.url, { headers: { 'x-forwarded-for': address } })
      for (let i = 0; i < 3; i++) {
        expect((await client.post('/api/v1/passkeys/authenticate/init', {})).status).toBe(200)
      }
      const over = await client.post('/api/v1/passkeys/authenticate/init', {})
      expect(over.status).toBe(429)
      expect(over.body.error).toMatch(/^Too many passkey sign-ins from this address\. Try again in /)
      // Another address has its own.
      const other = new ApiClient(strict.url, { headers: { 'x-forwarded-for': '203.0.113.9' } })
      expect((await other.post('/api/v1/passkeys/authenticate/init', {})).status).toBe(200)
    } finally {
      await strict.close()
    }
  })
})
