import { randomInt } from 'node:crypto'
import { LoginError, oneTimeCodeRules } from '@charter/core'
import { and, eq, inArray, sql } from 'drizzle-orm'
import type { Db } from '../db/Database.ts'
import { otpCodes, rateLimits } from '../db/schema.ts'
import { equalInConstantTime } from '../http/equalInConstantTime.ts'
import {
  type CountFirst,
  consumeRateLimit,
  countFirst,
  type RateLimitCharge,
  type RateLimitVerdict,
} from '../http/rateLimit.ts'
import { TooManyRequestsError } from '../http/TooManyRequestsError.ts'
import { hmacHex } from '../members/digests.ts'

/** `destination` is `phone:+14155552671` or `email:ada@example.org`: a code is good for that one only. */
const digestOf = (secret: string, destination: string, code: string) =>
  hmacHex(secret, `${destination}\n${code}`)

/** A flow as stored: a keyed digest, so the table never holds a flow cookie a reader could replay. */
const flowDigest = (secret: string, flow: string) => hmacHex(secret, `flow\n${flow}`)

/** A fresh code and its expiry; nothing is stored until it has gone out (`storeOneTimeCode`). */
export function newOneTimeCode(now = new Date()): { code: string; expiresAt: Date } {
  const code = String(randomInt(0, 10 ** oneTimeCodeRules.digits)).padStart(oneTimeCodeRules.digits, '0')
  return { code, expiresAt: new Date(now.getTime() + oneTimeCodeRules.lifetimeMinutes * 60_000) }
}

/**
 * Keeps the digest of a code that has been sent, for each flow it is good for (see `http/codeFlows.ts`), replacing
 * any earlier code of that flow for `destination`; other flows' codes stay as they were. Called only once the
 * code went out, so a failed send never leaves the person without the code they already had.
 */
export async function storeOneTimeCode(
  db: Db,
  secret: string,
  destination: string,
  flows: string[],
  sent: { code: string; expiresAt: Date },
  now = new Date(),
): Promise<void> {
  const codeHash = digestOf(secret, destination, sent.code)
  const { expiresAt } = sent
  if (flows.length === 0) return
  // Every flow's row in one statement.
  await db
    .insert(otpCodes)
    .values(
      [...new Set(flows)].map((flow) => ({
        destination,
        flow: flowDigest(secret, flow),
        codeHash,
        expiresAt,
        failedAttempts: 0,
        createdAt: now,
      })),
    )
    .onConflictDoUpdate({
      target: [otpCodes.destination, otpCodes.flow],
      set: { codeHash, expiresAt, failedAttempts: 0, createdAt: now },
    })
}

type Verdict = { ok: true } | { ok: false; error: LoginError }

/**
 * Checks the code of one flow and uses it up. Only that flow's code is looked at and only its tries are
 * counted, so wrong tries from anyone else cost it nothing. The row is locked while it is checked, so two tries
 * at once count as two; a wrong try is counted and committed even though the caller then fails.
 */
export async function consumeOneTimeCode(
  db: Db,
  secret: string,
  destination: string,
  flow: string,
  code: string,
  options: {
    now?: Date
    resendWindowSeconds?: number
    /** false: check the code (a wrong try still counts) but leave it for a later use; true by default. */
    consume?: boolean
    /** What the person calls this code in the messages: "That code", "The confirmation code". */
    noun?: string
    /** Throttling counts (`rate_limits` keys) that end when a right code is used up, in the same statement. */
    forgetOnUse?: string[]
    /**
     * The caller's own allowance of tries, counted first, in the code's own statement: past it, `refuse` throws
     * and nothing of the code was looked at or counted.
     */
    countFirst?: { charge: RateLimitCharge; refuse: (verdict: RateLimitVerdict) => void }
  } = {},
): Promise<void> {
  const now = options.now ?? new Date()
  const noun = options.noun ?? 'That code'
  const resendWindowMs = (options.resendWindowSeconds ?? 0) * 1000
  const flowKey = flowDigest(secret, flow)
  if (options.consume !== false) {
    // A code still good is judged in one statement: used up when right, its try counted when wrong. Anything
    // else (no code, expired, tried too often) counts nothing and is told apart by the transaction below.
    const first = options.countFirst && countFirst(options.countFirst.charge, 'tried', now)
    const tried = await tryCode(
      db,
      {
        destination,
        flow: flowKey,
        codeHash: digestOf(secret, destination, code),
        now,
        forget: options.forgetOnUse ?? [],
      },
      first,
    )
    if (first) options.countFirst?.refuse(first.verdict(tried.tries ?? 0))
    if (tried.outcome === 'used') return
    if (tried.outcome !== undefined) throw wrongCode(noun, tried.outcome.failedAttempts)
  } else if (options.countFirst) {
    const { charge, refuse } = options.countFirst
    refuse(await consumeRateLimit(db, charge.key, charge.rule, now))
  }
  const thisCode = and(eq(otpCodes.destination, destination), eq(otpCodes.flow, flowKey))
  const verdict = await db.transaction(async (tx): Promise<Verdict> => {
    // The address's rows locked in the order `tryCode` locks them: a right code is used up for every flow it was
    // good for, so two uses in two of its flows would otherwise each hold one row and wait on the other.
    const locked = await tx
      .select()
      .from(otpCodes)
      .where(eq(otpCodes.destination, destination))
      .orderBy(otpCodes.flow)
      .for('update')
    const row = locked.find((each) => each.flow === flowKey)
    if (!row) {
      return {
        ok: false,
        error: new LoginError('invalid_credentials', {
          message:
            options.noun === undefined
              ? 'There is no code waiting for this address here, or it was already used. Ask for a new code (a code works only in the browser or app that asked for it).'
              : `${noun} is not waiting any more: it was already used, or never asked for (here). Ask for a new one.`,
        }),
      }
    }
    if (row.failedAttempts >= oneTimeCodeRules.maxFailedAttempts) {
      return {
        ok: false,
        // Retry-After says when a new code may be asked for, which is what the person needs next.
        error: new TooManyRequestsError(
          `${options.noun === undefined ? 'Too many wrong codes' : `${noun} was tried too many times`}. Ask for a new code and try again.`,
          (row.createdAt.getTime() + resendWindowMs - now.getTime()) / 1000,
        ),
      }
    }
    if (row.expiresAt.getTime() <= now.getTime()) {
      await tx.delete(otpCodes).where(thisCode)
      return {
        ok: false,
        error: new LoginError('invalid_credentials', {
          message: `${options.noun === undefined ? 'This code' : noun} has expired (codes last ${oneTimeCodeRules.lifetimeMinutes} minutes). Ask for a new code.`,
        }),
      }
    }
    // A right code is used up above. It reaches here only to be checked (consume: false), or when its row was
    // written after the statement above looked (a new code stored meanwhile): it is used up here then.
    if (
      equalInConstantTime(
        Buffer.from(row.codeHash, 'hex'),
        Buffer.from(digestOf(secret, destination, code), 'hex'),
      )
    ) {
      if (options.consume !== false) await useUp(tx, destination, row.codeHash, options.forgetOnUse ?? [])
      return { ok: true }
    }
    const [updated] = await tx
      .update(otpCodes)
      .set({ failedAttempts: sql`${otpCodes.failedAttempts} + 1` })
      .where(thisCode)
      .returning({ failedAttempts: otpCodes.failedAttempts })
    return {
      ok: false,
      error: wrongCode(noun, updated?.failedAttempts ?? oneTimeCodeRules.maxFailedAttempts),
    }
  })
  if (!verdict.ok) throw verdict.error
}

/** A wrong code's refusal, with the tries the code has left. */
function wrongCode(noun: string, failedAttempts: number): LoginError {
  const left = oneTimeCodeRules.maxFailedAttempts - failedAttempts
  return new LoginError('invalid_credentials', {
    message:
      left > 0
        ? `${noun} is not right. Check it and try again (${left} ${left === 1 ? 'try' : 'tries'} left).`
        : `${noun} is not right, and that was the last try. Ask for a new code.`,
  })
}

/** Uses a right code up, checked in `tx`, for every flow it was good for, with the counts that end with it. */
async function useUp(tx: Db, destination: string, codeHash: string, forget: string[]): Promise<void> {
  await tx.delete(otpCodes).where(and(eq(otpCodes.destination, destination), eq(otpCodes.codeHash, codeHash)))
  if (forget.length > 0) await tx.delete(rateLimits).where(inArray(rateLimits.key, forget))
}

/**
 * Judges a code against a flow's code that is still good (not expired, not tried too often), in one statement
 * locking the address's rows in the order of their flows, the first of them first (two uses of one code in two
 * of its flows would otherwise each lock its own row and wait on the other's, a deadlock; this way every use
 * queues behind the first row, and the sweep of old codes skips what is locked): a right code is used up for
 * every flow it was good for (a first ask's cookie and client address alike), with the throttling counts that
 * end with it; a wrong one has its try counted. So no wrong try goes uncounted whatever happens after, and of two
 * uses at once only one is told yes (the answer is the row this very statement deleted). Answers 'used', the wrong
 * try's count, or undefined when the flow has no code still good.
 */
async function tryCode(
  db: Db,
  code: { destination: string; flow: string; codeHash: string; now: Date; forget: string[] },
  /** The caller's try, counted first; past its limit, no row is even locked. */
  first: CountFirst | undefined,
): Promise<{ outcome: 'used' | { failedAttempts: number } | undefined; tries: number | undefined }> {
  const forgotten =
    code.forget.length === 0
      ? sql``
      : sql`, forgotten as (
        delete from ${rateLimits}
        where ${rateLimits.key} in (${sql.join(
          code.forget.map((key) => sql`${key}`),
          sql`, `,
        )}) and exists (select 1 from good where code_hash = ${code.codeHash})
      )`
  const result = (await db.execute(sql`
    with ${first ? sql`${first.cte}, ` : sql``}locked as (
      select ${otpCodes.flow} as flow, ${otpCodes.codeHash} as code_hash,
        ${otpCodes.failedAttempts} as failed_attempts, ${otpCodes.expiresAt} as expires_at
      from ${otpCodes}
      where ${otpCodes.destination} = ${code.destination}${first ? sql` and ${first.within}` : sql``}
      order by ${otpCodes.flow}
      for update
    ), good as (
      select code_hash from locked
      where flow = ${code.flow}
        and failed_attempts < ${oneTimeCodeRules.maxFailedAttempts}
        and expires_at > ${code.now.toISOString()}::timestamptz
    ), used as (
      delete from ${otpCodes}
      where ${otpCodes.destination} = ${code.destination}
        and ${otpCodes.codeHash} in (select code_hash from good where code_hash = ${code.codeHash})
      returning ${otpCodes.flow} as flow
    ), counted as (
      update ${otpCodes} set failed_attempts = ${otpCodes.failedAttempts} + 1
      where ${otpCodes.destination} = ${code.destination}
        and ${otpCodes.flow} = ${code.flow}
        and exists (select 1 from good where code_hash <> ${code.codeHash})
      returning ${otpCodes.failedAttempts} as failed_attempts
    )${forgotten}
    select
      exists (select 1 from used where flow = ${code.flow}) as used,
      (select failed_attempts from counted) as failed_attempts${first ? sql`, ${first.count} as tries` : sql``}`)) as unknown as {
    rows: { used: boolean; failed_attempts: number | null; tries?: number }[]
  }
  const [row] = result.rows
  const tries = row?.tries == null ? undefined : Number(row.tries)
  if (row?.used) return { outcome: 'used', tries }
  return {
    outcome: row?.failed_attempts == null ? undefined : { failedAttempts: Number(row.failed_attempts) },
    tries,
  }
}
