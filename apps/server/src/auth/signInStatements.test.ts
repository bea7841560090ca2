import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../db/Database.ts'
import { openDatabase } from '../db/openDatabase.ts'
import { testDatabaseUrl } from '../env.ts'
import { ApiClient, uniqueEmail } from '../testing/ApiClient.ts'
import { startTestServer, type TestServer } from '../testing/startTestServer.ts'
import { defaultSignInLimits } from './AuthService.ts'

/**
 * What a sign-in costs the database, counted statement by statement on a database of this file's own, under
 * the production throttling rules: a ceiling, so a change that adds round trips to the hottest routes fails here
 * instead of in the bench.
 */
let database: Database
let server: TestServer
let statements: string[] = []
beforeAll(async () => {
  const url = testDatabaseUrl()
  database = await openDatabase(url ? { kind: 'postgres', url } : { kind: 'pglite' }, {
    onStatement: (sqlText) => statements.push(sqlText),
  })
  server = await startTestServer({ database, signInLimits: defaultSignInLimits(100_000) })
  // The server's first request runs the housekeeping, which is no sign-in's cost.
  await signIn(uniqueEmail())
})
afterAll(async () => {
  await server.close()
  await database.close()
})

/** The statements `request` ran, and its answer. */
async function counted<T>(request: () => Promise<T>): Promise<{ answer: T; ran: string[] }> {
  statements = []
  const answer = await request()
  const ran = statements
  statements = []
  return { answer, ran }
}

const signIn = async (email: string) => {
  const me = new ApiClient(server.url)
  const init = await counted(() => me.post('/api/v1/passwordless/init', { email }))
  expect(init.answer.status).toBe(200)
  const code = await me.codeFor(email)
  const authenticate = await counted(() => me.post('/api/v1/passwordless/authenticate', { email, code }))
  expect(authenticate.answer.status).toBe(200)
  return { init: init.ran, authenticate: authenticate.ran, body: authenticate.answer.body }
}

describe('the statements a sign-in runs', () => {
  it('signs a new member up (user, both wallets, session) in 13 statements, 22 before', async () => {
    const { init, authenticate, body } = await signIn(uniqueEmail())
    expect(body.is_new_user).toBe(true)
    expect(
      body.user.linked_accounts.filter((account: { type: string }) => account.type === 'wallet'),
    ).toHaveLength(2)
    console.log('new', init.length, authenticate.length, [...init, '---', ...authenticate].join('\n'))
  })

  it('signs a returning member in as cheaply', async () => {
    const email = uniqueEmail()
    await signIn(email)
    const { init, authenticate, body } = await signIn(email)
    expect(body.is_new_user).toBe(false)
    expect(init).toHaveLength(2)
    // The member's new device is told to their other addresses (their identities read), and the answer reads the
    // user with its identities, then its wallets.
    expect(authenticate).toHaveLength(11)
  })
})
