import { eq } from 'drizzle-orm'
import { expect, it } from 'vitest'
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
