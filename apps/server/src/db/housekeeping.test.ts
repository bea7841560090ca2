import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { testDatabaseUrl } from '../settings/env.ts'
import { holdRows } from '../testing/heldRows.ts'
import { sharedTestDatabase } from '../testing/startTestServer.ts'
import { sweepExpired } from './housekeeping.ts'
import { analyticsEvents, otpCodes, rateLimits, sessions, users } from './schema.ts'

it('deletes throttling windows and codes that ended more than a day ago, and keeps the rest', async () => {
  const { db } = await sharedTestDatabase()
  const now = new Date()
  const key = `sweep-test-${Math.random()}`
  await db.insert(rateLimits).values([
    { key, windowStart: new Date(now.getTime() - 2 * 86_400_000), count: 1 },
    { key, windowStart: new Date(now.getTime() - 60_000), count: 1 },
  ])
  await db.insert(otpCodes).values([
    {
      destination: `${key}-old`,
      flow: 'f',
      codeHash: 'x',
      expiresAt: new Date(now.getTime() - 2 * 86_400_000),
    },
    { destination: `${key}-new`, flow: 'f', codeHash: 'x', expiresAt: new Date(now.getTime() + 60_000) },
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

it('deletes sessions that ended 30 days ago and analytics events after 90 days', async () => {
  const { db } = await sharedTestDatabase()
  const now = new Date()
  const daysAgo = (days: number) => new Date(now.getTime() - days * 86_400_000)
  const userId = `did:charter:sweep${Math.random().toString(36).slice(2)}`
  await db.insert(users).values({ id: userId })
  const session = (id: string, ended: Date) => ({
    id: `${userId}-${id}`,
    userId,
    tokenHash: `${userId}-${id}-t`,
    refreshTokenHash: `${userId}-${id}-r`,
    createdAt: daysAgo(60),
    expiresAt: ended,
    absoluteExpiresAt: ended,
  })
  await db.insert(sessions).values([session('old', daysAgo(31)), session('recent', daysAgo(2))])
  await db.insert(analyticsEvents).values([
    { userId, eventName: 'old', createdAt: daysAgo(91) },
    { userId, eventName: 'recent', createdAt: daysAgo(10) },
  ])
  await sweepExpired(db, now)
  const left = await db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, userId))
  expect(left.map((row) => row.id)).toEqual([`${userId}-recent`])
  const events = await db.select().from(analyticsEvents).where(eq(analyticsEvents.userId, userId))
  expect(events.map((row) => row.eventName)).toEqual(['recent'])
})

// A lock held across the sweep needs a connection of its own: PostgreSQL's.
describe.runIf(testDatabaseUrl())('the sweep beside a code being checked', () => {
  it('skips the rows a check holds instead of waiting for them, so the two cannot deadlock', async () => {
    const database = await sharedTestDatabase()
    const { db } = database
    const destination = `email:sweep-${randomUUID()}@example.org`
    const expiresAt = new Date(Date.now() - 2 * 86_400_000)
    // Stored in the other order than a check locks them (by flow): b, then a.
    await db.insert(otpCodes).values({ destination, flow: 'b', codeHash: 'x', expiresAt })
    await db.insert(otpCodes).values({ destination, flow: 'a', codeHash: 'x', expiresAt })
    // A check, as oneTimeCodes.ts locks: the address's rows in the order of their flows; it stops after the first.
    const check = await holdRows(
      database,
      `select flow from otp_codes where destination = '${destination}' and flow = 'a' for update`,
      (query) =>
        query(`select flow from otp_codes where destination = '${destination}' order by flow for update`),
    )
    // The sweep comes back while the check holds row a: it deleted b, and left a for its next run.
    await sweepExpired(db)
    await check.release()
    const left = await db
      .select({ flow: otpCodes.flow })
      .from(otpCodes)
      .where(eq(otpCodes.destination, destination))
    expect(left).toEqual([{ flow: 'a' }])
    await sweepExpired(db)
    expect(await db.select().from(otpCodes).where(eq(otpCodes.destination, destination))).toEqual([])
  })
})
