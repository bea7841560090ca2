import Privy, { InMemoryCache, PrivyApiError } from '@privy-io/js-sdk-core'
import { solveChallenge } from 'altcha-lib/v1'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ApiClient, uniqueEmail, uniquePhoneNumber } from '../testing/ApiClient.ts'
import { startTestServer, type TestServer } from '../testing/startTestServer.ts'
import { startEarlyInResendWindow } from '../testing/throttleWindows.ts'
import { defaultSignInLimits } from './AuthService.ts'

let server: TestServer
beforeAll(async () => {
  // The production rules for each address codes go to; behind a "proxy", so each client below has a client
  // address of its own. Privy's client cannot be given one, so it comes from 127.0.0.1, which other test files
  // sharing the database (on PostgreSQL) also count against: the per-client allowances are out of the way here.
  // The challenge is easy: what is tested is who must solve one, not how long it takes.
  server = await startTestServer({
    signInLimits: {
      ...defaultSignInLimits(30),
      sendsPerClient: { limit: 100_000, windowSeconds: 3600 },
      triesPerClient: { limit: 100_000, windowSeconds: 3600 },
    },
    // An app id of another length than Privy's 25: its vanilla client takes any.
    env: { TRUST_PROXY: '1', CODE_CHALLENGE_MAX_NUMBER: '2000', APP_ID: 'charter-local' },
  })
})
afterAll(() => server.close())

const randomByte = () => Math.floor(Math.random() * 250) + 1
// Each client an address of its own in this run (and apart from other test files sharing a database).
const run = `100.${64 + Math.floor(Math.random() * 64)}.${randomByte()}`
let clients = 0
const newAddress = () => {
  clients += 1
  return `${run}.${clients}`
}
/** A client of its own: its own cookies, and its own address (`x-forwarded-for`, believed behind one proxy). */
const browserAt = (address = newAddress()) =>
  new ApiClient(server.url, { headers: { 'x-forwarded-for': address } })
/** A caller that keeps no cookies, as Privy's clients outside a browser: its flow is its client address. */
const cookielessAt = (address: string) => {
  const caller = browserAt(address)
  const post = caller.post
  caller.post = async (path, body, headers) => {
    const answer = await post(path, body, headers)
    caller.cookie = undefined
    return answer
  }
  return caller
}

type Challenge = { algorithm: string; challenge: string; maxnumber: number; salt: string; signature: string }

/** Solves a challenge as ALTCHA's own solver does, and words the solution as its widget sends it. */
async function solve(challenge: Challenge | undefined): Promise<string> {
  if (!challenge) throw new Error('no challenge to solve')
  const solution = await solveChallenge(challenge.challenge, challenge.salt, 'SHA-256', challenge.maxnumber)
    .promise
  if (!solution) throw new Error('the challenge has no solution')
  const { algorithm, challenge: digest, salt, signature } = challenge
  return btoa(JSON.stringify({ algorithm, challenge: digest, number: solution.number, salt, signature }))
}

/** Asks for a sign-in code by SMS, solving the challenge if the server sets one; answers the final answer. */
async function askSolving(caller: ApiClient, phoneNumber: string) {
  const first = await caller.post('/api/v1/passwordless_sms/init', { phoneNumber })
  if (first.status !== 403) return first
  expect(first.body.code).toBe('invalid_captcha')
  const token = await solve(first.body.challenge)
  return caller.post('/api/v1/passwordless_sms/init', { phoneNumber, token })
}

const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0')

describe('nobody can stop a member from getting in', () => {
  it('lets the member sign in from their own client after another floods and guesses against their number', {
    timeout: 60_000,
  }, async () => {
    await startEarlyInResendWindow()
    const phoneNumber = uniquePhoneNumber()
    const attacker = browserAt()
    // The flood: the first code goes out; past the number's allowance each next one costs a solved challenge.
    expect((await attacker.post('/api/v1/passwordless_sms/init', { phoneNumber })).status).toBe(200)
    for (let sent = 1; sent < 5; sent++) expect((await askSolving(attacker, phoneNumber)).status).toBe(200)
    // Five wrong codes burn the attacker's own code, and only that.
    for (let i = 0; i < 5; i++) {
      const guess = await attacker.post('/api/v1/passwordless_sms/authenticate', {
        phoneNumber,
        code: '000000',
      })
      expect(guess.body.code).toBe('invalid_credentials')
    }
    const burnt = await attacker.post('/api/v1/passwordless_sms/authenticate', {
      phoneNumber,
      code: '000000',
    })
    expect(burnt.status).toBe(429)

    const member = browserAt()
    const asked = await member.post('/api/v1/passwordless_sms/init', { phoneNumber })
    expect(asked.status).toBe(403)
    expect(asked.body.code).toBe('invalid_captcha')
    const token = await solve(asked.body.challenge)
    expect((await member.post('/api/v1/passwordless_sms/init', { phoneNumber, token })).status).toBe(200)
    const signedIn = await member.post('/api/v1/passwordless_sms/authenticate', {
      phoneNumber,
      code: await member.codeFor(phoneNumber),
    })
    expect(signedIn.status).toBe(200)
    expect(signedIn.body.user.linked_accounts[0].phoneNumber).toBe(phoneNumber)
  })

  it("gives each flow its own five tries: another client's wrong codes cost the member's code nothing", async () => {
    const phoneNumber = uniquePhoneNumber()
    const member = browserAt()
    expect((await member.post('/api/v1/passwordless_sms/init', { phoneNumber })).status).toBe(200)
    const code = await member.codeFor(phoneNumber)

    // A stranger without a code of its own: its tries find no code, and touch none.
    const stranger = browserAt()
    for (let i = 0; i < 6; i++) {
      const guess = await stranger.post('/api/v1/passwordless_sms/authenticate', {
        phoneNumber,
        code: wrongCode(code),
      })
      expect(guess.status).toBe(401)
      expect(guess.body.error).toContain('no code waiting for this address here')
    }
    // Another client with a code of its own spends its own five tries.
    const other = browserAt()
    expect((await askSolving(other, phoneNumber)).status).toBe(200)
    for (let i = 0; i < 5; i++) {
      await other.post('/api/v1/passwordless_sms/authenticate', { phoneNumber, code: wrongCode(code) })
    }
    expect(
      (await other.post('/api/v1/passwordless_sms/authenticate', { phoneNumber, code: wrongCode(code) }))
        .status,
    ).toBe(429)

    // The member's code still has every one of its tries.
    const mistyped = await member.post('/api/v1/passwordless_sms/authenticate', {
      phoneNumber,
      code: wrongCode(code),
    })
    expect(mistyped.body.error).toContain('4 tries left')
    expect((await member.post('/api/v1/passwordless_sms/authenticate', { phoneNumber, code })).status).toBe(
      200,
    )
  })

  it("keeps a browser's code apart from cookieless guesses made from its own address (a shared NAT)", async () => {
    const email = uniqueEmail()
    const shared = newAddress()
    const member = browserAt(shared)
    expect((await member.post('/api/v1/passwordless/init', { email })).status).toBe(200)
    const code = await member.codeFor(email)
    // A first ask cannot tell a browser from a cookieless caller, so its code is also good from the address:
    // a cookieless neighbour can burn that, but not the browser's own.
    const neighbour = cookielessAt(shared)
    for (let i = 0; i < 6; i++) {
      await neighbour.post('/api/v1/passwordless/authenticate', { email, code: wrongCode(code) })
    }
    const mistyped = await member.post('/api/v1/passwordless/authenticate', { email, code: wrongCode(code) })
    expect(mistyped.body.error).toContain('4 tries left')
    expect((await member.post('/api/v1/passwordless/authenticate', { email, code })).status).toBe(200)
  })

  it('signs in a caller that keeps no cookies by its client address', async () => {
    const phoneNumber = uniquePhoneNumber()
    const app = cookielessAt(newAddress())
    expect((await app.post('/api/v1/passwordless_sms/init', { phoneNumber })).status).toBe(200)
    const code = await app.codeFor(phoneNumber)
    // Another address, without cookies either, has no code here.
    const elsewhere = cookielessAt(newAddress())
    const refused = await elsewhere.post('/api/v1/passwordless_sms/authenticate', { phoneNumber, code })
    expect(refused.status).toBe(401)
    expect((await app.post('/api/v1/passwordless_sms/authenticate', { phoneNumber, code })).status).toBe(200)
  })

  it('asks for a challenge when one is needed, sends a code for a solved one, and takes each solution once', {
    timeout: 60_000,
  }, async () => {
    await startEarlyInResendWindow()
    const phoneNumber = uniquePhoneNumber()
    const me = browserAt()
    expect((await me.post('/api/v1/passwordless_sms/init', { phoneNumber })).status).toBe(200)
    const missing = await me.post('/api/v1/passwordless_sms/init', { phoneNumber })
    expect(missing.status).toBe(403)
    expect(missing.body).toEqual({
      error: expect.stringContaining('short check'),
      code: 'invalid_captcha',
      challenge: {
        algorithm: 'SHA-256',
        challenge: expect.stringMatching(/^[0-9a-f]{64}$/),
        maxnumber: 2000,
        salt: expect.stringContaining('expires='),
        signature: expect.stringMatching(/^[0-9a-f]{64}$/),
      },
    })
    const token = await solve(missing.body.challenge)
    const first = await me.codeFor(phoneNumber)
    expect((await me.post('/api/v1/passwordless_sms/init', { phoneNumber, token })).status).toBe(200)
    const second = await me.codeFor(phoneNumber)
    if (second === first) throw new Error('no second code was sent')

    const replayed = await browserAt().post('/api/v1/passwordless_sms/init', { phoneNumber, token })
    expect(replayed.status).toBe(400)
    expect(replayed.body.code).toBe('captcha_failure')
    expect(replayed.body.error).toContain('already used')
    expect(replayed.body.challenge?.signature).toMatch(/^[0-9a-f]{64}$/)

    const decoded = JSON.parse(atob(token)) as { number: number }
    const wrong = btoa(JSON.stringify({ ...JSON.parse(atob(token)), number: decoded.number + 1 }))
    const refused = await me.post('/api/v1/passwordless_sms/init', { phoneNumber, token: wrong })
    expect(refused.status).toBe(400)
    expect(refused.body.code).toBe('captcha_failure')
    const garbage = await me.post('/api/v1/passwordless_sms/init', { phoneNumber, token: 'not a solution' })
    expect(garbage.body.code).toBe('captcha_failure')
    // The new code is the one that signs in.
    expect(
      (await me.post('/api/v1/passwordless_sms/authenticate', { phoneNumber, code: second })).status,
    ).toBe(200)
  })

  it('sends no number more than 50 codes an hour, however many challenges are solved', async () => {
    const phoneNumber = uniquePhoneNumber()
    // Four client addresses: each may ask 30 times an hour, and a solved code takes two asks.
    const flooders = [browserAt(), browserAt(), browserAt(), browserAt()]
    let sent = 0
    for (let i = 0; i < 50; i++) {
      const answer = await askSolving(flooders[i % 4] as ApiClient, phoneNumber)
      if (answer.status === 200) sent += 1
    }
    expect(sent).toBe(50)
    const capped = await askSolving(browserAt(), phoneNumber)
    expect(capped.status).toBe(429)
    expect(capped.body.error).toContain('as many codes as it may get')
  })

  it("lets an app on Privy's own client through a flooded number: it fetches the challenge and sends the solution as the captcha token", {
    timeout: 60_000,
  }, async () => {
    await startEarlyInResendWindow()
    const phoneNumber = uniquePhoneNumber()
    expect((await browserAt().post('/api/v1/passwordless_sms/init', { phoneNumber })).status).toBe(200)
    // `baseUrl` is read by the client but left out of its published options type.
    const options = { appId: server.appId, storage: new InMemoryCache(), baseUrl: server.url }
    const privy = new Privy(options)
    const refused = await privy.auth.phone.sendCode(phoneNumber).then(
      () => undefined,
      (error: unknown) => error,
    )
    expect(refused).toBeInstanceOf(PrivyApiError)
    expect((refused as PrivyApiError).code).toBe('invalid_captcha')
    // Privy's client keeps only {error, code}: the app asks for the challenge itself.
    const { body } = await new ApiClient(server.url).get('/api/v1/code_challenge')
    const token = await solve(body.challenge)
    expect(await privy.auth.phone.sendCode(phoneNumber, token)).toMatchObject({ success: true })
    const code = await new ApiClient(server.url).codeFor(phoneNumber)
    const signedIn = await privy.auth.phone.loginWithCode(phoneNumber, code)
    expect(signedIn.user.linked_accounts).toEqual(
      expect.arrayContaining([expect.objectContaining({ type: 'phone', phoneNumber })]),
    )
  })

  it("lets no stranger's flood of a number hold back the member's step-up codes", async () => {
    const phoneNumber = uniquePhoneNumber()
    const member = browserAt()
    // Signed in without a device key: the code that adds one is a step-up code to this number.
    expect((await member.signInByPhone(phoneNumber)).status).toBe(200)
    const attacker = browserAt()
    for (let i = 0; i < 3; i++) await askSolving(attacker, phoneNumber)
    const stepUp = await member.post('/api/v1/step_up/init', { action: 'register_key' })
    expect(stepUp.status).toBe(200)
    expect(stepUp.body.via).toBe('phone')
  })
})
