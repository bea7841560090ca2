import { request as httpRequest } from 'node:http'
import { base58 } from '@scure/base'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ApiClient, uniqueEmail, uniquePhoneNumber } from '../testing/ApiClient.ts'
import { sharedTestDatabase, startTestServer, type TestServer } from '../testing/startTestServer.ts'
import { WalletCaller } from '../testing/WalletCaller.ts'

// The attacks a reviewer of a hosted wallet service tries first, each over HTTP against the running server.

type Wallet = { id: string; address: string; chain_type: 'ethereum' | 'solana' }

let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
})
afterAll(() => server.close())

const client = () => new ApiClient(server.url)

/** A member as the web app signs them in: the session born bound to this device's key. */
async function member(by: 'phone' | 'email' = 'phone') {
  const address = by === 'phone' ? uniquePhoneNumber() : uniqueEmail()
  const caller = new WalletCaller(client())
  const signedIn = await caller.signIn(by, address)
  expect(signedIn.status).toBe(200)
  const wallets: Wallet[] = signedIn.body.user.linked_accounts.filter(
    (account: { type: string }) => account.type === 'wallet',
  )
  const wallet = (chainType: Wallet['chain_type']) =>
    wallets.find((each) => each.chain_type === chainType) as Wallet
  return {
    caller,
    address,
    wallet,
    token: signedIn.body.token as string,
    refreshToken: signedIn.body.refresh_token as string,
    cookie: caller.api.cookie as string,
    userId: signedIn.body.user.id as string,
  }
}

/** Someone holding only a copy of the victim's bearer token (or cookie), with a key of their own. */
function thief(credential: { bearer: string } | { cookie: string }) {
  const headers: Record<string, string> =
    'bearer' in credential ? { authorization: `Bearer ${credential.bearer}` } : { cookie: credential.cookie }
  // Sent with every request, signed or not, unless a request brings its own.
  return new WalletCaller(new ApiClient(server.url, { headers }))
}

/** Moves every replaced token of the user's sessions out of the two-tabs grace window, as time would. */
async function outlastGrace(userId: string) {
  const { db } = await sharedTestDatabase()
  await db.execute(
    sql`UPDATE session_superseded_tokens SET superseded_at = now() - interval '1 minute' WHERE session_id IN (SELECT id FROM sessions WHERE user_id = ${userId})`,
  )
}

describe('a stolen session token alone changes nothing', () => {
  for (const kind of ['bearer', 'cookie'] as const) {
    it(`with only the ${kind}: no change of address, no link, no new key, no wallet, no export`, async () => {
      const victim = await member('phone')
      const attacker = thief(kind === 'bearer' ? { bearer: victim.token } : { cookie: victim.cookie })
      // The token does work for reading, so the refusals below are about the device key, not the session.
      expect((await attacker.api.get('/api/v1/users/me')).status).toBe(200)

      const attackerEmail = uniqueEmail()
      await attacker.api.post('/api/v1/passwordless/init', { email: attackerEmail })
      const code = await attacker.api.codeFor(attackerEmail)
      // Signed with the thief's own key, which the session was never bound to.
      for (const [path, body] of [
        ['/api/v1/passwordless/link', { email: attackerEmail, code }],
        [
          '/api/v1/passwordless_sms/update',
          { old_phone_number: victim.address, new_phone_number: '+14155550100', code },
        ],
        ['/api/v1/step_up/init', { action: 'update_phone' }],
      ] as const) {
        const signed = await attacker.post(path, body)
        expect(signed.status, path).toBe(401)
        expect(signed.body.code, path).toBe('missing_or_invalid_mfa')
        const unsigned = await attacker.api.post(path, body)
        expect(unsigned.body.code, path).toBe('missing_or_invalid_mfa')
      }
      const register = await attacker.register()
      expect(register.status).toBe(400)
      expect(register.body.error).toContain('already has a device key')
      for (const path of ['/api/v1/wallets', `/api/v1/wallets/${victim.wallet('ethereum').id}/export/init`]) {
        const answer = await attacker.post(
          path,
          path.endsWith('wallets') ? { request: { chain_type: 'ethereum' } } : {},
        )
        expect(answer.status, path).toBe(401)
        expect(answer.body.code, path).toBe(4100)
      }
      // Nothing changed: the account still has only the victim's phone, and the victim's session lives.
      const me = await victim.caller.api.get('/api/v1/users/me')
      expect(me.body.user.linked_accounts.filter((a: { type: string }) => a.type !== 'wallet')).toEqual([
        expect.objectContaining({ type: 'phone', phoneNumber: victim.address }),
      ])
    })
  }

  it('a session that signed in without a device key cannot be given one without a code to the account', async () => {
    const api = client()
    const phoneNumber = uniquePhoneNumber()
    const signedIn = await api.signInByPhone(phoneNumber)
    const attacker = thief({ bearer: signedIn.body.token })
    const refused = await attacker.register()
    expect(refused.status).toBe(401)
    expect(refused.body.code).toBe('missing_or_invalid_mfa')
    expect(refused.body.error).toContain('register_key')
    // The code goes to the member's phone, worded as what it is, not to whoever asked.
    const asked = await attacker.api.post('/api/v1/step_up/init', { action: 'register_key' })
    expect(asked.body).toMatchObject({ via: 'phone', sent_to: `*${phoneNumber.slice(-4)}` })
    const message = (await api.outbox(phoneNumber))[0]
    expect(message?.body).toContain('confirms a new device')
    expect((await attacker.register('000000')).body.code).toBe('invalid_credentials')
    // The member, with a code of their own (a code is good only for the client that asked), binds their key;
    // from then on the session keeps it.
    expect((await api.post('/api/v1/step_up/init', { action: 'register_key' })).status).toBe(200)
    const owner = new WalletCaller(api)
    expect((await owner.register(await api.codeFor(phoneNumber))).status).toBe(200)
    expect((await attacker.register()).body.error).toContain('already has a device key')
  })
})

describe('changing a sign-in address', () => {
  it('needs a code to an address the account already has, and says so when it is missing', async () => {
    const victim = await member('email')
    const newAddress = uniqueEmail()
    await victim.caller.api.post('/api/v1/passwordless/init', { email: newAddress })
    const code = await victim.caller.api.codeFor(newAddress)
    const answer = await victim.caller.post('/api/v1/passwordless/update', {
      oldAddress: victim.address,
      newAddress,
      code,
    })
    expect(answer.status).toBe(401)
    expect(answer.body).toEqual({
      error: expect.stringContaining('step_up_code'),
      code: 'missing_or_invalid_mfa',
    })
    // A step-up code for something else (a new device) does not confirm a change.
    const other = await victim.caller.post('/api/v1/step_up/init', { action: 'update_phone' })
    expect(other.status).toBe(200)
    const wrongAction = await victim.caller.post('/api/v1/passwordless/update', {
      oldAddress: victim.address,
      newAddress,
      code,
      step_up_code: await victim.caller.api.codeFor(victim.address),
    })
    expect(wrongAction.status).toBe(401)
    expect(wrongAction.body.code).toBe('invalid_credentials')
  })

  it('names the code that was wrong, and uses neither up until both are right', async () => {
    const victim = await member('phone')
    const newNumber = uniquePhoneNumber()
    await victim.caller.api.post('/api/v1/passwordless_sms/init', { phoneNumber: newNumber })
    const code = await victim.caller.api.codeFor(newNumber)
    await victim.caller.post('/api/v1/step_up/init', { action: 'update_phone' })
    const stepUpCode = await victim.caller.api.codeFor(victim.address)
    const wrong = (digits: string) => (digits === '000000' ? '111111' : '000000')
    const body = {
      old_phone_number: victim.address,
      new_phone_number: newNumber,
      code,
      step_up_code: stepUpCode,
    }
    const badConfirmation = await victim.caller.post('/api/v1/passwordless_sms/update', {
      ...body,
      step_up_code: wrong(stepUpCode),
    })
    expect(badConfirmation.body.error).toMatch(/^The confirmation code is not right/)
    const badNew = await victim.caller.post('/api/v1/passwordless_sms/update', { ...body, code: wrong(code) })
    expect(badNew.body.error).toMatch(/^The code sent to the new phone number is not right/)
    const both = await victim.caller.post('/api/v1/passwordless_sms/update', body)
    expect(both.status).toBe(200)
  })

  it('asks by the address named in via, and says plainly when the account has none', async () => {
    const victim = await member('phone')
    const none = await victim.caller.post('/api/v1/step_up/init', { action: 'update_phone', via: 'email' })
    expect(none.status).toBe(400)
    expect(none.body.error).toBe(
      'via: your account has no email address. Ask for the code by phone number instead.',
    )
  })

  it('ends every other session, tells the old address, and pauses exports with the time they open', async () => {
    const victim = await member('phone')
    const otherDevice = new WalletCaller(client())
    await otherDevice.signIn('phone', victim.address)
    expect((await otherDevice.api.get('/api/v1/users/me')).status).toBe(200)

    const newNumber = uniquePhoneNumber()
    await victim.caller.api.post('/api/v1/passwordless_sms/init', {
      phoneNumber: newNumber,
      purpose: 'change',
    })
    const code = await victim.caller.api.codeFor(newNumber)
    await victim.caller.post('/api/v1/step_up/init', { action: 'update_phone' })
    const changed = await victim.caller.post('/api/v1/passwordless_sms/update', {
      old_phone_number: victim.address,
      new_phone_number: newNumber,
      code,
      step_up_code: await victim.caller.api.codeFor(victim.address),
    })
    expect(changed.status).toBe(200)

    expect((await otherDevice.api.get('/api/v1/users/me')).status).toBe(401)
    expect((await victim.caller.api.get('/api/v1/users/me')).status).toBe(200)
    const notice = (await client().outbox(victim.address))[0]
    expect(notice?.body).toContain('was changed from')
    expect(notice?.body).toContain('Every other device was signed out')
    expect(notice?.body).toContain('If you did not do this')

    const exportInit = await victim.caller.post(
      `/api/v1/wallets/${victim.wallet('ethereum').id}/export/init`,
      {},
    )
    expect(exportInit.status).toBe(429)
    expect(exportInit.body.code).toBe('too_many_requests')
    expect(exportInit.body.error).toMatch(
      /^Exporting wallet keys is paused until \d{4}-\d\d-\d\d \d\d:\d\d UTC \(in 24 hours\)/,
    )
    expect(Number(exportInit.headers.get('retry-after'))).toBeGreaterThan(23 * 3600)
  })
})

describe('step-up codes are bound', () => {
  it('an EVM export code does not export the Solana wallet, nor from another session', async () => {
    const victim = await member('email')
    const evm = victim.wallet('ethereum')
    const solana = victim.wallet('solana')
    const init = await victim.caller.post(`/api/v1/wallets/${evm.id}/export/init`, {})
    expect(init.status).toBe(200)
    const code = await victim.caller.api.codeFor(victim.address)
    const message = (await client().outbox(victim.address))[0]
    expect(message?.subject).toContain("export a wallet's private key")

    const otherWallet = await victim.caller.post(`/api/v1/wallets/${solana.id}/export`, {
      code,
      format: 'private_key',
    })
    expect(otherWallet.status).toBe(401)
    expect(otherWallet.body).not.toHaveProperty('private_key')

    const otherSession = new WalletCaller(client())
    await otherSession.signIn('email', victim.address)
    const fromThere = await otherSession.post(`/api/v1/wallets/${evm.id}/export`, {
      code,
      format: 'private_key',
    })
    expect(fromThere.status).toBe(401)
    expect(fromThere.body).not.toHaveProperty('private_key')

    // The code still works where it belongs: nothing above used it up.
    const exported = await victim.caller.post(`/api/v1/wallets/${evm.id}/export`, {
      code,
      format: 'private_key',
    })
    expect(exported.status).toBe(200)
  })
})

describe('exports leave no trace', () => {
  it('keeps no export answer: a replay under the same idempotency key gets 409 and no key', async () => {
    const victim = await member('phone')
    const evm = victim.wallet('ethereum')
    const headers = { 'privy-idempotency-key': `export-${Date.now()}` }
    await victim.caller.post(`/api/v1/wallets/${evm.id}/export/init`, {})
    const body = { code: await victim.caller.api.codeFor(victim.address), format: 'private_key' }
    const first = await victim.caller.post(`/api/v1/wallets/${evm.id}/export`, body, { headers })
    expect(first.status).toBe(200)
    const privateKey = first.body.private_key as string
    const replay = await victim.caller.post(`/api/v1/wallets/${evm.id}/export`, body, { headers })
    expect(replay.status).toBe(409)
    expect(replay.text).not.toContain(privateKey.slice(2))
    expect(replay.body.error).toContain('shown only once')

    const { db } = await sharedTestDatabase()
    const dump = JSON.stringify(
      await db.execute(sql`SELECT * FROM idempotency_keys WHERE key = ${headers['privy-idempotency-key']}`),
    )
    expect(dump).not.toContain(privateKey.slice(2))
    expect(dump).toContain('"body":null')
  })

  it('keeps idempotency answers to the session that made them', async () => {
    const victim = await member('phone')
    const headers = { 'privy-idempotency-key': `sign-${Date.now()}` }
    const params = { message: 'mine', encoding: 'utf-8' }
    const first = await victim.caller.rpc(victim.wallet('ethereum').id, 'personal_sign', params, { headers })
    expect(first.status).toBe(200)
    const otherSession = new WalletCaller(client())
    await otherSession.signIn('phone', victim.address)
    const elsewhere = await otherSession.rpc(victim.wallet('ethereum').id, 'personal_sign', params, {
      headers,
    })
    expect(elsewhere.status).toBe(200)
    expect(elsewhere.headers.get('privy-idempotency-replayed')).toBeNull()
  })
})

describe('signed requests cannot be kept for later', () => {
  it('needs privy-request-expiry, at most 30 minutes ahead', async () => {
    const victim = await member()
    const id = victim.wallet('ethereum').id
    const params = { message: 'later', encoding: 'utf-8' }
    const without = await victim.caller.post(
      `/api/v1/wallets/${id}/rpc`,
      { method: 'personal_sign', params },
      { omitExpiry: true },
    )
    expect(without.status).toBe(400)
    expect(without.body).toEqual({
      error: expect.stringContaining('privy-request-expiry: required'),
      code: -32600,
    })
    const farAhead = await victim.caller.rpc(id, 'personal_sign', params, {
      headers: { 'privy-request-expiry': String(Date.now() + 31 * 60_000) },
    })
    expect(farAhead.status).toBe(400)
    expect(farAhead.body.error).toContain('at most 30 minutes ahead')
    const inTime = await victim.caller.rpc(id, 'personal_sign', params, {
      headers: { 'privy-request-expiry': String(Date.now() + 29 * 60_000) },
    })
    expect(inTime.status).toBe(200)
  })
})

/** A legacy Solana message: one signer (the wallet), the system program, a transfer instruction. */
function solanaMessage(signer: string): Uint8Array {
  const systemProgram = new Uint8Array(32)
  const transfer = [2, 0, 0, 0, ...new Array(8).fill(1)]
  return Uint8Array.from([
    1,
    0,
    1,
    2,
    ...base58.decode(signer),
    ...systemProgram,
    ...new Array(32).fill(7),
    1,
    1,
    2,
    0,
    0,
    transfer.length,
    ...transfer,
  ])
}

describe('Solana signMessage', () => {
  it('refuses bytes that are a transaction message, or a whole transaction, and says to use signTransaction', async () => {
    const victim = await member()
    const solana = victim.wallet('solana')
    const message = solanaMessage(solana.address)
    const transaction = Uint8Array.from([1, ...new Array(64).fill(0), ...message])
    for (const bytes of [message, transaction]) {
      const answer = await victim.caller.rpc(solana.id, 'signMessage', {
        message: Buffer.from(bytes).toString('base64'),
        encoding: 'base64',
      })
      expect(answer.status).toBe(400)
      expect(answer.body.code).toBe(-32602)
      expect(answer.body.error).toContain('Use signTransaction')
    }
    const plain = await victim.caller.rpc(solana.id, 'signMessage', {
      message: Buffer.from('Sign in to Charter').toString('base64'),
      encoding: 'base64',
    })
    expect(plain.status).toBe(200)
  })
})

describe('sessions end when they should', () => {
  it('signs out everywhere at once', async () => {
    const victim = await member('email')
    const other = new WalletCaller(client())
    await other.signIn('email', victim.address)
    const logout = await victim.caller.api.post('/api/v1/sessions/logout', { everywhere: true })
    expect(logout.status).toBe(200)
    expect((await other.api.get('/api/v1/users/me')).status).toBe(401)
    expect((await client().get('/api/v1/users/me', { authorization: `Bearer ${victim.token}` })).status).toBe(
      401,
    )
  })

  it('ends a session at its absolute end, however recently it was used', async () => {
    const victim = await member('email')
    const { db } = await sharedTestDatabase()
    await db.execute(
      sql`UPDATE sessions SET absolute_expires_at = now() - interval '1 second', last_seen_at = now() - interval '2 minutes' WHERE user_id = ${victim.userId}`,
    )
    // This request still finds the session (its sliding expiry is ahead) but cannot slide it past its end.
    await victim.caller.api.get('/api/v1/users/me')
    expect((await victim.caller.api.get('/api/v1/users/me')).status).toBe(401)
  })

  it('gives two refreshes of one token the same new tokens, and ends the session when an old one comes back later', async () => {
    const victim = await member('email')
    const first = await client().post('/api/v1/sessions', { refresh_token: victim.refreshToken })
    const second = await client().post('/api/v1/sessions', { refresh_token: victim.refreshToken })
    expect(first.status).toBe(200)
    expect(second.status).toBe(200)
    expect(second.body.refresh_token).toBe(first.body.refresh_token)

    await outlastGrace(victim.userId)
    const stolen = await client().post('/api/v1/sessions', { refresh_token: victim.refreshToken })
    expect(stolen.status).toBe(401)
    expect(stolen.body.error).toContain('was used again')
    // The whole session is over, for whoever held the newer tokens too.
    expect(
      (await client().post('/api/v1/sessions', { refresh_token: first.body.refresh_token })).status,
    ).toBe(401)
    expect((await victim.caller.api.get('/api/v1/users/me')).status).toBe(401)
  })

  it.each([1, 2, 3])(
    'ends the session when the victim’s refresh token comes back after a thief refreshed %i times',
    async (refreshes) => {
      const victim = await member('email')
      // The thief copied the refresh token and uses it first, and keeps refreshing, as a careful thief would.
      let thiefTokens = { refresh: victim.refreshToken, access: '' }
      for (let i = 0; i < refreshes; i++) {
        const refreshed = await client().post('/api/v1/sessions', { refresh_token: thiefTokens.refresh })
        expect(refreshed.status).toBe(200)
        thiefTokens = { refresh: refreshed.body.refresh_token, access: refreshed.body.token }
        await outlastGrace(victim.userId)
      }
      expect(
        (await client().get('/api/v1/users/me', { authorization: `Bearer ${thiefTokens.access}` })).status,
      ).toBe(200)

      // The victim's own client comes back with the token it still holds.
      const back = await client().post('/api/v1/sessions', { refresh_token: victim.refreshToken })
      expect(back.status).toBe(401)
      expect(back.body.error).toContain('was used again')
      // The thief's newest tokens are dead with the session.
      expect((await client().post('/api/v1/sessions', { refresh_token: thiefTokens.refresh })).status).toBe(
        401,
      )
      expect(
        (await client().get('/api/v1/users/me', { authorization: `Bearer ${thiefTokens.access}` })).status,
      ).toBe(401)

      // The member is told: at their sign-in address, and on the Security page once they sign in again.
      const notice = (await client().outbox(victim.address)).find((message) =>
        message.body.includes('someone else held a copy of that session'),
      )
      expect(notice?.subject).toContain('was ended')
      const again = client()
      expect((await again.signInByEmail(victim.address)).status).toBe(200)
      const events = (await again.get('/api/v1/users/me/events')).body.events
      expect(events).toContainEqual(expect.objectContaining({ kind: 'session_token_reused' }))
    },
  )

  it('ends the session when a browser’s old cookie comes back after a thief refreshed with a copy twice', async () => {
    const victim = await member('phone')
    let thiefCookie = victim.cookie
    for (let i = 0; i < 2; i++) {
      const refreshed = await client().post('/api/v1/sessions', undefined, { cookie: thiefCookie })
      expect(refreshed.status).toBe(200)
      thiefCookie = (refreshed.headers.get('set-cookie') ?? '').split(';')[0] ?? ''
      await outlastGrace(victim.userId)
    }
    const back = await client().post('/api/v1/sessions', undefined, { cookie: victim.cookie })
    expect(back.status).toBe(401)
    expect(back.body.error).toContain('was used again')
    expect((await client().get('/api/v1/users/me', { cookie: thiefCookie })).status).toBe(401)
  })

  it('refuses a request that carries two session cookies', async () => {
    const victim = await member('email')
    const answer = await client().get('/api/v1/users/me', {
      cookie: `${victim.cookie}; charter-session=planted`,
    })
    expect(answer.status).toBe(400)
    expect(answer.body.error).toContain('2 session cookies')
  })

  it('marks every /api answer no-store', async () => {
    for (const path of ['/api/health', '/api/v1/users/me', '/api/nowhere']) {
      expect((await client().get(path)).headers.get('cache-control'), path).toBe('no-store')
    }
  })
})

describe('bad input is a 4xx', () => {
  const deep = (depth: number): unknown => (depth === 0 ? 'x' : { a: deep(depth - 1) })

  it.each([
    [
      'nesting deeper than 64',
      JSON.stringify({ payload: deep(70), event_name: 'x' }),
      'nests deeper than 64',
    ],
    ['a lone surrogate', '{"event_name":"\\ud800"}', 'lone surrogate'],
    ['a NUL character', '{"event_name":"a\\u0000b"}', 'NUL'],
    ['a number JSON cannot carry', '{"event_name":"x","payload":{"n":1e400}}', 'too large'],
  ])('refuses %s before any work, on every kind of route', async (_, text, words) => {
    const answer = await client().post('/api/v1/analytics_events', text)
    expect(answer.status).toBe(400)
    expect(answer.body).toEqual({ error: expect.stringContaining(words), code: 'invalid_data' })
    const victim = await member()
    const signed = await victim.caller.api.post(`/api/v1/wallets/${victim.wallet('ethereum').id}/rpc`, text, {
      'privy-app-id': server.appId,
      'privy-request-expiry': String(Date.now() + 60_000),
      'privy-authorization-signature': 'AAAA',
    })
    expect(signed.status).toBe(400)
    expect(signed.body).toEqual({ error: expect.stringContaining(words), code: -32700 })
  })
})

describe('typed data the signer cannot encode', () => {
  it('is the caller’s params (-32602), whatever viem throws', async () => {
    const victim = await member()
    const types = {
      EIP712Domain: [{ name: 'name', type: 'string' }],
      Person: [{ name: 'name', type: 'string' }],
      Mail: [
        { name: 'to', type: 'Person' },
        { name: 'list', type: 'uint8[2]' },
      ],
    }
    for (const message of [
      { to: 'x', list: [1, 2] },
      { to: null, list: [1, 2] },
      { to: { name: 'a' }, list: 'ab' },
    ]) {
      const answer = await victim.caller.rpc(victim.wallet('ethereum').id, 'eth_signTypedData_v4', {
        typed_data: { domain: { name: 'x' }, types, message, primary_type: 'Mail' },
      })
      expect(answer.status, JSON.stringify(message)).toBe(400)
      expect(answer.body.code).toBe(-32602)
    }
  })
})

describe('the server answers only to its own names', () => {
  /** A raw request, so the Host header is what the test says (fetch would set its own). */
  function rawRequest(options: {
    method: string
    path: string
    headers: Record<string, string>
    body?: string
  }) {
    const { port } = new URL(server.url)
    return new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = httpRequest({ host: '127.0.0.1', port, ...options }, (res) => {
        let body = ''
        res.on('data', (chunk) => {
          body += chunk
        })
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }))
      })
      req.on('error', reject)
      req.end(options.body)
    })
  }

  it('answers 421 to a rebound name, and 403 to a state change from another website', async () => {
    const rebound = await rawRequest({
      method: 'GET',
      path: '/api/v1/users/me',
      headers: { host: 'evil.example:3000' },
    })
    expect(rebound.status).toBe(421)
    expect(JSON.parse(rebound.body).error).toContain('answers only to localhost')
    const page = await rawRequest({ method: 'GET', path: '/', headers: { host: 'evil.example' } })
    expect(page.status).toBe(421)

    const { host } = new URL(server.url)
    const body = JSON.stringify({ email: uniqueEmail() })
    const crossSite = await rawRequest({
      method: 'POST',
      path: '/api/v1/passwordless/init',
      headers: { host, origin: 'https://evil.example', 'content-type': 'application/json' },
      body,
    })
    expect(crossSite.status).toBe(403)
    const sameSite = await rawRequest({
      method: 'POST',
      path: '/api/v1/passwordless/init',
      headers: { host, origin: `http://${host}`, 'content-type': 'application/json' },
      body,
    })
    expect(sameSite.status).toBe(200)
  })
})

describe('operations can see what happened', () => {
  it('logs one line per request with the route and status, and never a token', async () => {
    const victim = await member()
    await client().get('/api/v1/users/me', { authorization: `Bearer ${victim.token}` })
    const line = server.logs.find((each) => each.includes('GET /api/v1/users/me 200'))
    expect(line).toMatch(/INFO {2}GET \/api\/v1\/users\/me 200 \d+ms$/)
    expect(server.logs.join('\n')).not.toContain(victim.token)
  })
})

describe('wallets per chain are capped', () => {
  it('refuses the eleventh Ethereum wallet with a clear error', async () => {
    const victim = await member()
    for (let i = 1; i < 10; i++) {
      expect(
        (await victim.caller.post('/api/v1/wallets', { request: { chain_type: 'ethereum' } })).status,
      ).toBe(200)
    }
    const refused = await victim.caller.post('/api/v1/wallets', { request: { chain_type: 'ethereum' } })
    expect(refused.status).toBe(409)
    expect(refused.body.error).toBe(
      'Your account already has 10 Ethereum wallets, the most this server allows. Use one of them.',
    )
  })
})
