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
 * Counts one event under each key of each stage, all in one statement (one round trip however many allowances a
 * request spends), where a stage counts only if every count of the stages before it stayed within its limit:
 * a caller refused at one stage charges nothing to the next, not even for a moment, since no other statement
 * sees this one half done. Answers each stage's verdicts in the order asked, or `undefined` for a stage not
 * reached. The keys must differ.
 */
export async function consumeRateLimitsInStages(
  db: Db,
  stages: RateLimitCharge[][],
  now = new Date(),
): Promise<(RateLimitVerdict[] | undefined)[]> {
  const counted = stages.map((charges, i) => ({ charges, name: sql.identifier(`stage_${i}`) }))
  const asked = counted.filter(({ charges }) => charges.length > 0)
  if (asked.length === 0) return stages.map(() => [])
  // A stage is passed when none of its counts went over its key's limit.
  const passed = ({ charges, name }: (typeof counted)[number]) =>
    sql`not exists (select 1 from ${name} where ${sql.join(
      charges.map(({ key, rule }) => sql`(key = ${key} and count > ${rule.limit}::int)`),
      sql` or `,
    )})`
  const ctes = asked.map((stage, i) => {
    const rows = stage.charges.map(
      ({ key, rule }) => sql`(${key}::text, ${windowOf(rule, now).start.toISOString()}::timestamptz)`,
    )
    const gate = i === 0 ? sql`true` : sql.join(asked.slice(0, i).map(passed), sql` and `)
    return sql`${stage.name} as (
      insert into ${rateLimits} (key, window_start, count)
      select key, window_start, 1 from (values ${sql.join(rows, sql`, `)}) as charge (key, window_start)
      where ${gate}
      on conflict (key, window_start) do update set count = ${rateLimits}.count + 1
      returning key, count
    )`
  })
  const answered = sql.join(
    asked.map(({ name }) => sql`select key, count from ${name}`),
    sql` union all `,
  )
  const result = (await db.execute(sql`with ${sql.join(ctes, sql`, `)} ${answered}`)) as unknown as {
    rows: { key: string; count: number }[]
  }
  const counts = new Map(result.rows.map((row) => [row.key, Number(row.count)]))
  return stages.map((charges) =>
    charges.length > 0 && !counts.has((charges[0] as RateLimitCharge).key)
      ? undefined
      : charges.map(({ key, rule }) => windowOf(rule, now).verdict((counts.get(key) ?? 0) <= rule.limit)),
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
