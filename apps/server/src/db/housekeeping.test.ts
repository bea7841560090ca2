import { eq } from 'drizzle-orm'
import { expect, it } from 'vitest'
import { sharedTestDatabase } from '../testing/startTestServer.ts'
import { sweepExpired } from './housekeeping.ts'
import { otpCodes, rateLimits } from './schema.ts'

it('deletes throttling windows and codes that ended more than a day ago, and keeps the rest', async () => {
  const { db } = await sharedTestDatabase()
  const now = new Date()
  const key = `sweep-test-${Math.random()}`
  await db.insert(rateLimits).values([
    { key, windowStart: new Date(now.getTime() - 2 * 86_400_000), count: 1 },
    { key, windowStart: new Date(now.getTime() - 60_000), count: 1 },
  ])
  await db.insert(otpCodes).values([
    { destination: `${key}-old`, codeHash: 'x', expiresAt: new Date(now.getTime() - 2 * 86_400_000) },
    { destination: `${key}-new`, codeHash: 'x', expiresAt: new Date(now.getTime() + 60_000) },
  ])
  await sweepExpired(db, now)
  expect(await db.select().from(rateLimits).where(eq(rateLimits.key, key))).toHaveLength(1)
  expect(
    (
      await db
        .select()
        .from(otpCodes)
        .where(eq(otpCodes.destination, `${key}-old`))
    ).length,
  ).toBe(0)
  expect(
    (
      await db
        .select()
        .from(otpCodes)
        .where(eq(otpCodes.destination, `${key}-new`))
    ).length,
  ).toBe(1)
})
