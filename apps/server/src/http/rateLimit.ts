import { and, eq, or, sql } from 'drizzle-orm'
import type { Db } from '../db/Database.ts'
import { preparedFor } from '../db/prepared.ts'
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
  const [row] = await countOne(db).execute({ key, windowStart: window.start })
  return window.verdict((row?.count ?? 0) <= rule.limit)
}

/** `consumeRateLimit`'s one statement, prepared: every code tried and every wallet sign-in runs it. */
const countOne = preparedFor((db) =>
  db
    .insert(rateLimits)
    .values({ key: sql.placeholder('key'), windowStart: sql.placeholder('windowStart'), count: 1 })
    .onConflictDoUpdate({
      target: [rateLimits.key, rateLimits.windowStart],
      set: { count: sql`${rateLimits.count} + 1` },
    })
    .returning({ count: rateLimits.count })
    .prepare('rate_limit_count_one'),
)

/** One count to take: the key and the rule whose window it falls in. */
export type RateLimitCharge = { key: string; rule: RateLimitRule }

/**
 * Counts one event under each key, all in one statement (one round trip however many allowances a request
 * spends), and answers each verdict in the order asked. The keys must differ.
 */
export async function consumeRateLimits(
  db: Db,
  charges: RateLimitCharge[],
  now = new Date(),
): Promise<RateLimitVerdict[]> {
  if (charges.length === 0) return []
  const windows = charges.map(({ rule }) => windowOf(rule, now))
  const rows = await db
    .insert(rateLimits)
    .values(
      charges.map(({ key }, i) => ({
        key,
        windowStart: (windows[i] as (typeof windows)[number]).start,
        count: 1,
      })),
    )
    .onConflictDoUpdate({
      target: [rateLimits.key, rateLimits.windowStart],
      set: { count: sql`${rateLimits.count} + 1` },
    })
    .returning({ key: rateLimits.key, count: rateLimits.count })
  const counts = new Map(rows.map((row) => [row.key, row.count]))
  return charges.map(({ key, rule }, i) =>
    (windows[i] as (typeof windows)[number]).verdict((counts.get(key) ?? 0) <= rule.limit),
  )
}

/** Takes back one event under each key in its current window, in one statement. */
export async function refundRateLimits(db: Db, charges: RateLimitCharge[], now = new Date()): Promise<void> {
  if (charges.length === 0) return
  await db
    .update(rateLimits)
    .set({ count: sql`greatest(${rateLimits.count} - 1, 0)` })
    .where(
      or(
        ...charges.map(({ key, rule }) =>
          and(eq(rateLimits.key, key), eq(rateLimits.windowStart, windowOf(rule, now).start)),
        ),
      ),
    )
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
