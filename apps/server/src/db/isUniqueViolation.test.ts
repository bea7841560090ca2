import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { sharedTestDatabase } from '../testing/startTestServer.ts'
import { isUniqueViolation } from './isUniqueViolation.ts'
import { rateLimits } from './schema.ts'

describe('isUniqueViolation', () => {
  it('knows a duplicate key as the database reports it through Drizzle, by its index', async () => {
    const { db } = await sharedTestDatabase()
    const row = { key: `test:${randomUUID()}`, windowStart: new Date(0), count: 1 }
    await db.insert(rateLimits).values(row)
    const error = await db
      .insert(rateLimits)
      .values(row)
      .then(
        () => undefined,
        (thrown: unknown) => thrown,
      )
    expect(isUniqueViolation(error)).toBe(true)
    expect(isUniqueViolation(error, 'rate_limits_pkey')).toBe(true)
    expect(isUniqueViolation(error, 'wallets_user_chain_index')).toBe(false)
  })

  it('is false for anything else', async () => {
    const { db } = await sharedTestDatabase()
    const error = await db
      .insert(rateLimits)
      .values({ key: 'x', windowStart: new Date(0), count: Number.NaN })
      .then(
        () => undefined,
        (thrown: unknown) => thrown,
      )
    expect(error).toBeInstanceOf(Error)
    expect(isUniqueViolation(error)).toBe(false)
    expect(isUniqueViolation(new Error('23505'))).toBe(false)
    expect(isUniqueViolation(undefined)).toBe(false)
  })
})
