import { eq, like } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { otpCodes, rateLimits } from '../db/schema.ts'
import { ApiClient, uniqueEmail } from '../testing/ApiClient.ts'
import { type CountingDatabase, countingDatabase } from '../testing/countingDatabase.ts'
import { startTestServer, type TestServer } from '../testing/startTestServer.ts'
import { withTimeLeftInWindow } from '../testing/throttleWindows.ts'
import { defaultSignInLimits } from './AuthService.ts'

/**
 * What a sign-in costs the database, counted statement by statement on a database of this file's own, under
 * the production throttling rules: a ceiling, so a change that adds round trips to the hottest routes fails here
 * instead of in the bench.
 */
let counting: CountingDatabase
let server: TestServer
beforeAll(async () => {
  counting = await countingDatabase()
  server = await startTestServer({
    database: counting.database,
    signInLimits: defaultSignInLimits(100_000),
    // The 30-second send jobs run statements of their own, which a counted request could catch.
    sendJobs: false,
  })
  // The server's first request runs the housekeeping, which is no sign-in's cost.
  await signIn(uniqueEmail())
})
afterAll(async () => {
  await server.close()
  await counting.database.close()
})

const signIn = async (email: string) => {
  const me = new ApiClient(server.url)
  const init = await counting.counted(() => me.post('/api/v1/passwordless/init', { email }))
  expect(init.answer.status).toBe(200)
  const code = await me.codeFor(email)
  const authenticate = await counting.counted(() =>
    me.post('/api/v1/passwordless/authenticate', { email, code }),
  )
  expect(authenticate.answer.status).toBe(200)
  return { me, init: init.ran, authenticate: authenticate.ran, body: authenticate.answer.body }
}

describe('the statements a sign-in runs', () => {
  it('signs a new member up (user, both wallets, session) in 6 statements, 22 before', async () => {
    const { me, init, authenticate, body } = await signIn(uniqueEmail())
    expect(body.is_new_user).toBe(true)
    expect(
      body.user.linked_accounts.filter((account: { type: string }) => account.type === 'wallet'),
    ).toHaveLength(2)
    // The client's allowance, the address's windows and its cap in one, in stages; the code.
    expect(init).toHaveLength(2)
    // The right code used up (with the client's try counted first and the resend wait it ends) in one, the
    // identity looked for and marked, the user with its identity and both wallets in one, the session with its
    // origin and the device remembered in one.
    expect(authenticate).toHaveLength(4)
    // The answer built from the rows just written is the one the account gives when read.
    const read = await me.get('/api/v1/users/me')
    expect(read.status).toBe(200)
    expect(read.body.user).toEqual(body.user)
  })

  it('signs a returning member in as cheaply', async () => {
    const email = uniqueEmail()
    await signIn(email)
    const { init, authenticate, body } = await signIn(email)
    expect(body.is_new_user).toBe(false)
    expect(init).toHaveLength(2)
    // The session with its origin and the device in one; the member's new device is told to their other
    // addresses (their identities read), and the answer reads the user with its identities, and its wallets.
    expect(authenticate).toHaveLength(6)
  })

  it("counts a wrong code's try, and the client's, in the one statement that judges it", async () => {
    const email = uniqueEmail()
    const me = new ApiClient(server.url)
    expect((await me.post('/api/v1/passwordless/init', { email })).status).toBe(200)
    const code = await me.codeFor(email)
    const wrong = code === '000000' ? '111111' : '000000'
    const { answer, ran } = await counting.counted(() =>
      me.post('/api/v1/passwordless/authenticate', { email, code: wrong }),
    )
    expect(answer.status).toBe(401)
    expect(answer.body.error).toContain('4 tries left')
    expect(ran).toHaveLength(1)
  })

  it("refuses a client past its allowance of tries in the code's statement, before the code is looked at", async () => {
    // A client of an address of its own (behind a proxy this server believes), allowed two tries an hour.
    const strict = await startTestServer({
      database: counting.database,
      signInLimits: { ...defaultSignInLimits(100), triesPerClient: { limit: 2, windowSeconds: 3600 } },
      env: { TRUST_PROXY: '1' },
      sendJobs: false,
    })
    try {
      await withTimeLeftInWindow(3600, 30_000)
      const client = new ApiClient(strict.url, {
        headers: { 'x-forwarded-for': `203.0.113.${Math.floor(Math.random() * 250) + 1}` },
      })
      const email = uniqueEmail()
      expect((await client.post('/api/v1/passwordless/init', { email })).status).toBe(200)
      const code = await client.codeFor(email)
      const wrong = code === '000000' ? '111111' : '000000'
      for (const left of ['4 tries left', '3 tries left']) {
        const tried = await client.post('/api/v1/passwordless/authenticate', { email, code: wrong })
        expect(tried.body.error).toContain(left)
      }
      // The right code, from a client past its tries: refused in one statement, and the code is neither used up
      // nor counted.
      const { answer, ran } = await counting.counted(() =>
        client.post('/api/v1/passwordless/authenticate', { email, code }),
      )
      expect(answer.status).toBe(429)
      expect(answer.body.error).toMatch(
        /^Too many codes were tried from here\. Try again in \d+ (minutes?|seconds?)\.$/,
      )
      expect(ran).toHaveLength(1)
      const rows = await counting.database.db
        .select({ failedAttempts: otpCodes.failedAttempts })
        .from(otpCodes)
        .where(eq(otpCodes.destination, `email:${email}`))
      // The code's rows, one per flow it is good for (this client's, and its first ask's cookie): both still
      // there, the tries counted only the two wrong ones.
      expect(rows.map((row) => row.failedAttempts).sort()).toEqual([0, 2])
    } finally {
      await strict.close()
    }
  })

  it('counts nothing against the address for a client past its own allowance: one statement, then the refusal', async () => {
    // A server allowing one code per client an hour, on the same database, and a client of an address of its
    // own (behind a proxy it believes): its first code is its allowance.
    const strict = await startTestServer({
      database: counting.database,
      signInLimits: defaultSignInLimits(1),
      env: { TRUST_PROXY: '1' },
      sendJobs: false,
    })
    try {
      const flood = new ApiClient(strict.url, {
        headers: { 'x-forwarded-for': `198.51.100.${Math.floor(Math.random() * 250) + 1}` },
      })
      // The client's one code (its first request also runs the server's housekeeping, no refusal's cost).
      await flood.post('/api/v1/passwordless/init', { email: uniqueEmail() })
      const email = uniqueEmail()
      const { answer, ran } = await counting.counted(() => flood.post('/api/v1/passwordless/init', { email }))
      expect(answer.status).toBe(429)
      expect(answer.body.error).toContain('Too many codes were asked for from here.')
      // One statement, which counted the client alone: a flood of such refusals never raises the address's
      // counts, not even for a moment.
      expect(ran).toHaveLength(1)
      const addressCounts = await counting.database.db
        .select({ key: rateLimits.key })
        .from(rateLimits)
        .where(like(rateLimits.key, `%${email}%`))
      expect(addressCounts).toEqual([])
    } finally {
      await strict.close()
    }
  })
})
