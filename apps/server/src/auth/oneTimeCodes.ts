import { randomInt } from 'node:crypto'
import { LoginError } from '@charter/core'
import { eq, sql } from 'drizzle-orm'
import type { Db } from '../db/Database.ts'
import { otpCodes } from '../db/schema.ts'
import { equalDigests, hmacHex } from './digests.ts'
import { TooManyRequestsError } from './TooManyRequestsError.ts'

export const oneTimeCodeRules = {
  digits: 6,
  lifetimeMinutes: 10,
  /** Wrong tries a code survives; the next try is refused and a new code must be asked for. */
  maxFailedAttempts: 5,
} as const

/** `destination` is `phone:+14155552671` or `email:ada@example.org`: a code is good for that one only. */
const digestOf = (secret: string, destination: string, code: string) =>
  hmacHex(secret, `${destination}\n${code}`)

/** Makes a fresh code for `destination`, replacing any earlier one, and answers it with its expiry. */
export async function issueOneTimeCode(
  db: Db,
  secret: string,
  destination: string,
  now = new Date(),
): Promise<{ code: string; expiresAt: Date }> {
  const code = String(randomInt(0, 10 ** oneTimeCodeRules.digits)).padStart(oneTimeCodeRules.digits, '0')
  const expiresAt = new Date(now.getTime() + oneTimeCodeRules.lifetimeMinutes * 60_000)
  const codeHash = digestOf(secret, destination, code)
  await db
    .insert(otpCodes)
    .values({ destination, codeHash, expiresAt, failedAttempts: 0, createdAt: now })
    .onConflictDoUpdate({
      target: otpCodes.destination,
      set: { codeHash, expiresAt, failedAttempts: 0, createdAt: now },
    })
  return { code, expiresAt }
}

type Verdict = { ok: true } | { ok: false; error: LoginError }

/**
 * Checks a code and uses it up. The row is locked while it is checked, so two tries at once count as two;
 * a wrong try is counted and committed even though the caller then fails.
 */
export async function consumeOneTimeCode(
  db: Db,
  secret: string,
  destination: string,
  code: string,
  options: { now?: Date; resendWindowSeconds?: number } = {},
): Promise<void> {
  const now = options.now ?? new Date()
  const resendWindowMs = (options.resendWindowSeconds ?? 0) * 1000
  const verdict = await db.transaction(async (tx): Promise<Verdict> => {
    const [row] = await tx.select().from(otpCodes).where(eq(otpCodes.destination, destination)).for('update')
    if (!row) {
      return {
        ok: false,
        error: new LoginError('invalid_credentials', {
          message: 'There is no code waiting for this address, or it was already used. Ask for a new code.',
        }),
      }
    }
    if (row.failedAttempts >= oneTimeCodeRules.maxFailedAttempts) {
      return {
        ok: false,
        // Retry-After says when a new code may be asked for, which is what the person needs next.
        error: new TooManyRequestsError(
          'Too many wrong codes. Ask for a new code and try again.',
          (row.createdAt.getTime() + resendWindowMs - now.getTime()) / 1000,
        ),
      }
    }
    if (row.expiresAt.getTime() <= now.getTime()) {
      await tx.delete(otpCodes).where(eq(otpCodes.destination, destination))
      return {
        ok: false,
        error: new LoginError('invalid_credentials', {
          message: `This code has expired (codes last ${oneTimeCodeRules.lifetimeMinutes} minutes). Ask for a new code.`,
        }),
      }
    }
    if (equalDigests(row.codeHash, digestOf(secret, destination, code))) {
      await tx.delete(otpCodes).where(eq(otpCodes.destination, destination))
      return { ok: true }
    }
    const [updated] = await tx
      .update(otpCodes)
      .set({ failedAttempts: sql`${otpCodes.failedAttempts} + 1` })
      .where(eq(otpCodes.destination, destination))
      .returning({ failedAttempts: otpCodes.failedAttempts })
    const left =
      oneTimeCodeRules.maxFailedAttempts - (updated?.failedAttempts ?? oneTimeCodeRules.maxFailedAttempts)
    return {
      ok: false,
      error: new LoginError('invalid_credentials', {
        message:
          left > 0
            ? `That code is not right. Check it and try again (${left} ${left === 1 ? 'try' : 'tries'} left).`
            : 'That code is not right, and that was the last try. Ask for a new code.',
      }),
    }
  })
  if (!verdict.ok) throw verdict.error
}
