import { and, eq, sql } from 'drizzle-orm'
import type { Db } from '../db/Database.ts'
import { rateLimits } from '../db/schema.ts'

export type RateLimitRule = { limit: number; windowSeconds: number }
export type RateLimitVerdict = { allowed: true } | { allowed: false; retryAfterSeconds: number }

/** The fixed window `now` falls in, and the verdict for a count in it. */
function windowOf(rule: RateLimitRule, now: Date) {
  const windowMs = rule.windowSeconds * 1000
  const start = new Date(Math.floor(now.getTime() / windowMs) * windowMs)
  const verdict = (allowed: boolean): RateLimitVerdict =>
    allowed
      ? { allowed }
      : { allowed, retryAfterSeconds: (start.getTime() + windowMs - now.getTime()) / 1000 }
  return { start, verdict }
}

/**
 * Counts one event under `key` in a fixed time window, in the database so every replica shares the count.
 * The insert-or-increment is one statement, so concurrent requests cannot both slip under the limit.
 */
export async function consumeRateLimit(
  db: Db,
  key: string,
  rule: RateLimitRule,
  now = new Date(),
): Promise<RateLimitVerdict> {
  const window = windowOf(rule, now)
  const [row] = await db
    .insert(rateLimits)
    .values({ key, windowStart: window.start, count: 1 })
    .onConflictDoUpdate({
      target: [rateLimits.key, rateLimits.windowStart],
      set: { count: sql`${rateLimits.count} + 1` },
    })
    .returning({ count: rateLimits.count })
  return window.verdict((row?.count ?? 0) <= rule.limit)
}

/**
 * Whether one more event under `key` would be allowed in the current window, without counting it: for limits
 * that count only failures, so a caller past its limit is refused before its next try is even judged.
 */
export async function peekRateLimit(
  db: Db,
  key: string,
  rule: RateLimitRule,
  now = new Date(),
): Promise<RateLimitVerdict> {
  const window = windowOf(rule, now)
  const [row] = await db
    .select({ count: rateLimits.count })
    .from(rateLimits)
    .where(and(eq(rateLimits.key, key), eq(rateLimits.windowStart, window.start)))
  return window.verdict((row?.count ?? 0) < rule.limit)
}

/** Forgets the count under `key`, in every window. */
export async function resetRateLimit(db: Db, key: string): Promise<void> {
  await db.delete(rateLimits).where(eq(rateLimits.key, key))
}

/** Takes back one event counted under `key` in the current window (a code that was not sent after all). */
export async function refundRateLimit(
  db: Db,
  key: string,
  rule: RateLimitRule,
  now = new Date(),
): Promise<void> {
  await db
    .update(rateLimits)
    .set({ count: sql`greatest(${rateLimits.count} - 1, 0)` })
    .where(and(eq(rateLimits.key, key), eq(rateLimits.windowStart, windowOf(rule, now).start)))
}
