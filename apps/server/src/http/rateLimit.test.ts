import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { rateLimits } from '../db/schema.ts'
import { sharedTestDatabase } from '../testing/startTestServer.ts'
import { consumeRateLimitsInStages, type RateLimitCharge } from './rateLimit.ts'

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
    const verdicts = await consumeRateLimitsInStages(db, [[first], [second, third], [capped]])
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
    await consumeRateLimitsInStages(db, [[client], [windowA, windowB], [cap]])
    const refused = await consumeRateLimitsInStages(db, [[client], [windowA, windowB], [cap]])
    expect(refused[0]?.[0]).toMatchObject({ allowed: false })
    expect(refused[0]?.[0]?.allowed === false && refused[0][0].retryAfterSeconds).toBeGreaterThan(0)
    expect(refused.slice(1)).toEqual([undefined, undefined])
    expect(await countOf(client.key)).toBe(2)
    for (const { key } of [windowA, windowB, cap]) expect(await countOf(key)).toBe(1)

    // A second stage over one of its limits (windowB's one) stops the third, while the first is new.
    const fresh = charge(5)
    const stopped = await consumeRateLimitsInStages(db, [[fresh], [windowA, windowB], [cap]])
    expect(stopped[0]).toEqual([{ allowed: true }])
    expect(stopped[1]?.map((verdict) => verdict.allowed)).toEqual([true, false])
    expect(stopped[2]).toBeUndefined()
    expect(await countOf(windowA.key)).toBe(2)
    expect(await countOf(windowB.key)).toBe(2)
    expect(await countOf(cap.key)).toBe(1)
  })

  it('skips an empty stage as passed, and counts nothing for no stages', async () => {
    const { db } = await sharedTestDatabase()
    expect(await consumeRateLimitsInStages(db, [])).toEqual([])
    expect(await consumeRateLimitsInStages(db, [[], []])).toEqual([[], []])
    const [first, last] = [charge(1), charge(1)]
    expect(await consumeRateLimitsInStages(db, [[first], [], [last]])).toEqual([
      [{ allowed: true }],
      [],
      [{ allowed: true }],
    ])
  })

  it('keeps stages apart under concurrent refusals: a flood past the first limit never counts against the next', async () => {
    const { db } = await sharedTestDatabase()
    const [client, address] = [charge(3), charge(1000)]
    const answers = await Promise.all(
      Array.from({ length: 30 }, () => consumeRateLimitsInStages(db, [[client], [address]])),
    )
    expect(answers.filter((stages) => stages[1] !== undefined)).toHaveLength(3)
    expect(await countOf(client.key)).toBe(30)
    expect(await countOf(address.key)).toBe(3)
  })
})
