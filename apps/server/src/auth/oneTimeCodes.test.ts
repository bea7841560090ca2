import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { testDatabaseUrl } from '../settings/env.ts'
import { holdRows, lockWaiters } from '../testing/heldRows.ts'
import { sharedTestDatabase } from '../testing/startTestServer.ts'
import { consumeOneTimeCode, newOneTimeCode, storeOneTimeCode } from './oneTimeCodes.ts'

// Two uses of one code that meet in the database need connections of their own: PostgreSQL's (PGlite has one
// connection, which runs one statement at a time).
describe.runIf(testDatabaseUrl())('a code used twice at the same moment, from two connections', () => {
  it.each([
    ['in the same flow', ['the flow', 'the flow']],
    // One code good for two flows: each use needs both rows to use the code up. Three times, since two uses
    // that lock in different orders deadlocked about one time in two.
    ...[1, 2, 3].map((round) => [
      `in the two flows it was sent for (${round} of 3)`,
      ['one flow', 'another flow'],
    ]),
  ] as [string, string[]][])(
    '%s: is used once; the other use is told it was already used',
    async (_name, flows) => {
      const database = await sharedTestDatabase()
      const { db } = database
      const secret = 'a secret of this test'
      const destination = `email:${randomUUID()}@example.org`
      const sent = newOneTimeCode()
      await storeOneTimeCode(db, secret, destination, [...new Set(flows)], sent)

      // A third connection holds the code's row, so that both uses are in the database before either can go on.
      const holder = await holdRows(
        database,
        `select 1 from otp_codes where destination = '${destination}' for update`,
      )
      const uses = flows.map((flow) =>
        consumeOneTimeCode(db, secret, destination, flow, sent.code).then(
          () => 'used',
          (error: Error) => error.message,
        ),
      )
      // Both uses are in the database, waiting on the held row, before it is let go.
      await expect
        .poll(() => lockWaiters(database, 'otp_codes'), { timeout: 10_000 })
        .toBeGreaterThanOrEqual(2)
      await holder.release()
      const outcomes = await Promise.all(uses)
      expect(outcomes.filter((outcome) => outcome === 'used')).toHaveLength(1)
      expect(outcomes.find((outcome) => outcome !== 'used')).toContain('already used')
    },
  )
})
