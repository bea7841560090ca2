import { and, eq, type SQL, sql } from 'drizzle-orm'
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

/** `consumeRateLimit`'s one statement, prepared: every wallet sign-in runs it. */
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

/**
 * One count to take: the key, the rule whose window it falls in, and how much it counts (one event unless said
 * otherwise; a budget of time counts its milliseconds).
 */
export type RateLimitCharge = { key: string; rule: RateLimitRule; amount?: number }

/**
 * Counts one event (or the charge's `amount`) under each key of each stage, all in one statement (one round trip however many allowances a
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
  const counted = stages.map((charges, i) => ({ charges, name: sql`${sql.identifier(`stage_${i}`)}` }))
  const asked = counted.filter(({ charges }) => charges.length > 0)
  if (asked.length === 0) return stages.map(() => [])
  const ctes = asked.map(({ name, charges }, i) => {
    const gate =
      i === 0
        ? sql`true`
        : sql.join(
            asked.slice(0, i).map((before) => withinLimits(before.name, before.charges)),
            sql` and `,
          )
    return countingCte(name, charges, gate, now)
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

/**
 * A CTE named `name` that counts each charge's amount (one event unless said) under its key, when `gate` holds,
 * and returns each key's count: an insert-or-increment, so concurrent statements cannot both slip under a limit.
 */
function countingCte(name: SQL, charges: RateLimitCharge[], gate: SQL, now: Date): SQL {
  const rows = charges.map(
    ({ key, rule, amount = 1 }) =>
      sql`(${key}::text, ${windowOf(rule, now).start.toISOString()}::timestamptz, ${amount}::int)`,
  )
  return sql`${name} as (
    insert into ${rateLimits} (key, window_start, count)
    select key, window_start, amount from (values ${sql.join(rows, sql`, `)}) as charge (key, window_start, amount)
    where ${gate}
    on conflict (key, window_start) do update set count = ${rateLimits}.count + excluded.count
    returning key, count
  )`
}

/** Whether none of the counts `countingCte` named `name` returned went over its key's limit. */
const withinLimits = (name: SQL, charges: RateLimitCharge[]): SQL =>
  sql`not exists (select 1 from ${name} where ${sql.join(
    charges.map(({ key, rule }) => sql`(key = ${key} and count > ${rule.limit}::int)`),
    sql` or `,
  )})`

/**
 * One count to take first in a statement of another module's (`auth/oneTimeCodes.ts`), so that a caller past
 * its allowance has nothing else of the statement done: the CTE that counts it, named `name`; the condition
 * that it stayed within its limit, to gate the statement's own work on; the count, for the statement to answer;
 * and the verdict for that count.
 */
export function countFirst(charge: RateLimitCharge, name: string, now = new Date()) {
  const table = sql`${sql.identifier(name)}`
  return {
    cte: countingCte(table, [charge], sql`true`, now),
    within: withinLimits(table, [charge]),
    count: sql`(select count from ${table})`,
    verdict: (count: number) => windowOf(charge.rule, now).verdict(count <= charge.rule.limit),
  }
}

export type CountFirst = ReturnType<typeof countFirst>

/**
 * Takes back one event (or the charge's `amount`) under each key in the window of `now`, in one statement, never
 * below 0. The rows are locked in the order of `charges`, the order `consumeRateLimitsInStages` counts them in, so
 * a refund and a count of the same keys at the same moment cannot each hold one row and wait on the other.
 */
export async function refundRateLimits(db: Db, charges: RateLimitCharge[], now = new Date()): Promise<void> {
  await adjustRateLimits(
    db,
    charges.map((charge) => ({ ...charge, amount: -(charge.amount ?? 1) })),
    now,
  )
}

/**
 * Adds each charge's `amount` (a negative one takes back) to the count under its key in the window of `now`,
 * never below 0, and only where that window was counted: how a charge made up front is settled once the real
 * amount is known (a budget of time reserved before the work, measured after it), in the window it was taken in.
 * Locks the rows in the order of `charges`, as `refundRateLimits` does.
 */
export async function adjustRateLimits(db: Db, charges: RateLimitCharge[], now = new Date()): Promise<void> {
  const changes = charges.filter(({ amount }) => amount !== 0)
  if (changes.length === 0) return
  const rows = changes.map(
    ({ key, rule, amount = 1 }, position) =>
      sql`(${key}::text, ${windowOf(rule, now).start.toISOString()}::timestamptz, ${amount}::int, ${position}::int)`,
  )
  await db.execute(sql`
    with adjusted as (
      select ${rateLimits}.key, ${rateLimits}.window_start, charge.amount from ${rateLimits}
      join (values ${sql.join(rows, sql`, `)}) as charge (key, window_start, amount, position)
        on ${rateLimits}.key = charge.key and ${rateLimits}.window_start = charge.window_start
      order by charge.position
      for update of ${rateLimits}
    )
    update ${rateLimits} set count = greatest(${rateLimits}.count + adjusted.amount, 0)
    from adjusted
    where ${rateLimits}.key = adjusted.key and ${rateLimits}.window_start = adjusted.window_start`)
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
