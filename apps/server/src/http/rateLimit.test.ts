import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { rateLimits } from '../db/schema.ts'
import { testDatabaseUrl } from '../settings/env.ts'
import { holdRows, lockWaiters } from '../testing/heldRows.ts'
import { sharedTestDatabase } from '../testing/startTestServer.ts'
import {
  adjustRateLimits,
  consumeRateLimitsInStages,
  type RateLimitCharge,
  refundRateLimits,
} from './rateLimit.ts'

// Every count of these tests falls in one window of this moment's: none sees its window turn over mid-test.
const now = new Date()

const charge = (limit: number): RateLimitCharge => ({
  key: `stages-test:${randomUUID()}`,
  rule: { limit, windowSeconds: 3600 },
})

/** What is counted under `key`, in every window. */
const countOf = async (key: string) => {
  const { db } = await sharedTestDatabase()
  const rows = await db.select({ count: rateLimits.count }).from(rateLimits).where(eq(rateLimits.key, key))
  return rows.reduce((sum, row) => sum + row.count, 0)
}

describe('consumeRateLimitsInStages', () => {
  it('counts every stage while each is within its limits, in one statement, and answers each verdict', async () => {
    const { db } = await sharedTestDatabase()
    const [first, second, third, capped] = [charge(5), charge(5), charge(5), charge(5)]
    const verdicts = await consumeRateLimitsInStages(db, [[first], [second, third], [capped]], now)
    expect(verdicts).toEqual([
      [{ allowed: true }],
      [{ allowed: true }, { allowed: true }],
      [{ allowed: true }],
    ])
    for (const { key } of [first, second, third, capped]) expect(await countOf(key)).toBe(1)
  })

  it('charges nothing to the stages after one that went over a limit, and says they were not reached', async () => {
    const { db } = await sharedTestDatabase()
    const [client, windowA, windowB, cap] = [charge(1), charge(5), charge(1), charge(5)]
    // Each stage's first event passes; the second goes over the client's limit of one.
    await consumeRateLimitsInStages(db, [[client], [windowA, windowB], [cap]], now)
    const refused = await consumeRateLimitsInStages(db, [[client], [windowA, windowB], [cap]], now)
    expect(refused[0]?.[0]).toMatchObject({ allowed: false })
    expect(refused[0]?.[0]?.allowed === false && refused[0][0].retryAfterSeconds).toBeGreaterThan(0)
    expect(refused.slice(1)).toEqual([undefined, undefined])
    expect(await countOf(client.key)).toBe(2)
    for (const { key } of [windowA, windowB, cap]) expect(await countOf(key)).toBe(1)

    // A second stage over one of its limits (windowB's one) stops the third, while the first is new.
    const fresh = charge(5)
    const stopped = await consumeRateLimitsInStages(db, [[fresh], [windowA, windowB], [cap]], now)
    expect(stopped[0]).toEqual([{ allowed: true }])
    expect(stopped[1]?.map((verdict) => verdict.allowed)).toEqual([true, false])
    expect(stopped[2]).toBeUndefined()
    expect(await countOf(windowA.key)).toBe(2)
    expect(await countOf(windowB.key)).toBe(2)
    expect(await countOf(cap.key)).toBe(1)
  })

  it('skips an empty stage as passed, and counts nothing for no stages', async () => {
    const { db } = await sharedTestDatabase()
    expect(await consumeRateLimitsInStages(db, [], now)).toEqual([])
    expect(await consumeRateLimitsInStages(db, [[], []], now)).toEqual([[], []])
    const [first, last] = [charge(1), charge(1)]
    expect(await consumeRateLimitsInStages(db, [[first], [], [last]], now)).toEqual([
      [{ allowed: true }],
      [],
      [{ allowed: true }],
    ])
  })

  it('keeps stages apart under concurrent refusals: a flood past the first limit never counts against the next', async () => {
    const { db } = await sharedTestDatabase()
    const [client, address] = [charge(3), charge(1000)]
    const answers = await Promise.all(
      Array.from({ length: 30 }, () => consumeRateLimitsInStages(db, [[client], [address]], now)),
    )
    expect(answers.filter((stages) => stages[1] !== undefined)).toHaveLength(3)
    expect(await countOf(client.key)).toBe(30)
    expect(await countOf(address.key)).toBe(3)
  })
})

describe('refundRateLimits', () => {
  it('takes back one event under each key in its current window, never below 0, and skips keys never counted', async () => {
    const { db } = await sharedTestDatabase()
    const [windowA, windowB, cap, never] = [charge(5), charge(5), charge(5), charge(5)]
    await consumeRateLimitsInStages(db, [[windowA, windowB], [cap]], now)
    await consumeRateLimitsInStages(db, [[windowA]], now)
    await refundRateLimits(db, [windowA, windowB, cap, never], now)
    expect(await countOf(windowA.key)).toBe(1)
    expect(await countOf(windowB.key)).toBe(0)
    expect(await countOf(cap.key)).toBe(0)
    await refundRateLimits(db, [windowB], now)
    expect(await countOf(windowB.key)).toBe(0)
    expect(await countOf(never.key)).toBe(0)
  })
})

describe('a charge of an amount (a budget of milliseconds)', () => {
  it('counts the amount, refuses past the limit, and is settled up or down afterwards, never below 0', async () => {
    const { db } = await sharedTestDatabase()
    const budget = charge(1000)
    const reserve = (amount: number) => consumeRateLimitsInStages(db, [[{ ...budget, amount }]], now)
    expect(await reserve(600)).toEqual([[{ allowed: true }]])
    expect(await countOf(budget.key)).toBe(600)
    // Measured at 50 ms after all: the 550 reserved beyond it are given back.
    await adjustRateLimits(db, [{ ...budget, amount: -550 }], now)
    expect(await countOf(budget.key)).toBe(50)
    // 950 more is exactly the budget; one more millisecond is past it.
    expect(await reserve(950)).toEqual([[{ allowed: true }]])
    expect(await reserve(1)).toEqual([[{ allowed: false, retryAfterSeconds: expect.any(Number) }]])
    // A call that ran longer than reserved adds what it took beyond; a refund of more than was counted stops at 0.
    await adjustRateLimits(db, [{ ...budget, amount: 200 }], now)
    expect(await countOf(budget.key)).toBe(1201)
    await refundRateLimits(db, [{ ...budget, amount: 5000 }], now)
    expect(await countOf(budget.key)).toBe(0)
    // An amount of 0 still asks whether the budget is spent, and counts nothing.
    expect(await reserve(0)).toEqual([[{ allowed: true }]])
  })
})

// A count and a refund that meet in the database need connections of their own: PostgreSQL's (PGlite has one
// connection, which runs one statement at a time).
describe.runIf(testDatabaseUrl())(
  'a count and a refund of the same keys at the same moment, from two connections',
  () => {
    it('both finish: the refund locks the rows in the order the count does, so neither waits on the other for good', async () => {
      const database = await sharedTestDatabase()
      const { db } = database
      const [client, windowA, windowB, cap] = [charge(1000), charge(1000), charge(1000), charge(1000)]
      // Their rows written in the reverse order first, so the table's own order is the reverse of a count's.
      for (const each of [cap, windowB, windowA, client]) await consumeRateLimitsInStages(db, [[each]], now)
      // A third connection holds the second window's row: the count takes the first window's and waits there.
      const holder = await holdRows(
        database,
        `select 1 from rate_limits where key = '${windowB.key}' for update`,
      )
      const counted = consumeRateLimitsInStages(db, [[client], [windowA, windowB], [cap]], now)
      await expect
        .poll(() => lockWaiters(database, 'rate_limits'), { timeout: 10_000 })
        .toBeGreaterThanOrEqual(1)
      // The refund of a failed send of the same address, while the count waits.
      const refunded = refundRateLimits(db, [windowA, windowB, cap], now)
      await expect
        .poll(() => lockWaiters(database, 'rate_limits'), { timeout: 10_000 })
        .toBeGreaterThanOrEqual(2)
      await holder.release()
      const [verdicts] = await Promise.all([counted, refunded])
      expect(verdicts.every((stage) => stage?.every((verdict) => verdict.allowed))).toBe(true)
      expect(await countOf(client.key)).toBe(2)
      for (const { key } of [windowA, windowB, cap]) expect(await countOf(key)).toBe(1)
    })
  },
)
