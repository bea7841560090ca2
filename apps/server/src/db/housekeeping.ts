import { lt, or, sql } from 'drizzle-orm'
import type { Db } from './Database.ts'
import {
  accountFreezes,
  analyticsEvents,
  idempotencyKeys,
  otpCodes,
  passkeyChallenges,
  pendingDeviceKeys,
  rateLimits,
  sessions,
  signInNonces,
  usedCodeChallenges,
} from './schema.ts'

const day = 86_400_000

/** How long what is no longer used is kept before it is deleted. */
export const retention = {
  /** Ended sessions stay listed this long (a member can see where they were signed in), then go. */
  endedSessionsDays: 30,
  analyticsEventsDays: 90,
} as const

/**
 * Deletes what no rule reads any more: throttling windows and one-time codes that ended a day ago, used challenge solutions, pending device keys and passkey challenges once expired, idempotency
 * answers past their 24 hours, sessions and freezes that ended 30 days ago and analytics events after 90 days. Safe on
 * every replica at once.
 */
export async function sweepExpired(db: Db, now = new Date()): Promise<void> {
  const dayAgo = new Date(now.getTime() - day)
  const sessionsBefore = new Date(now.getTime() - retention.endedSessionsDays * day)
  await db
    .delete(sessions)
    .where(or(lt(sessions.expiresAt, sessionsBefore), lt(sessions.revokedAt, sessionsBefore)))
  await db
    .delete(analyticsEvents)
    .where(lt(analyticsEvents.createdAt, new Date(now.getTime() - retention.analyticsEventsDays * day)))
  await db.delete(rateLimits).where(lt(rateLimits.windowStart, dayAgo))
  // Rows a code's check holds are skipped, never waited for: the check locks an address's rows in the order of
  // their flows, this delete in whatever order it finds them, and two such waits could deadlock. A row skipped
  // now goes at the next sweep.
  await db.execute(sql`
    delete from ${otpCodes} where (${otpCodes.destination}, ${otpCodes.flow}) in (
      select ${otpCodes.destination}, ${otpCodes.flow} from ${otpCodes}
      where ${otpCodes.expiresAt} < ${dayAgo.toISOString()}::timestamptz
      for update skip locked
    )`)
  await db.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, dayAgo))
  // A used solution need be kept only while its challenge could still be sent back.
  await db.delete(usedCodeChallenges).where(lt(usedCodeChallenges.expiresAt, now))
  await db.delete(pendingDeviceKeys).where(lt(pendingDeviceKeys.expiresAt, now))
  await db.delete(signInNonces).where(lt(signInNonces.expiresAt, now))
  await db.delete(passkeyChallenges).where(lt(passkeyChallenges.expiresAt, now))
  // A freeze that ended is kept as long as an ended session: the account's events tell of it after that.
  await db.delete(accountFreezes).where(lt(accountFreezes.endsAt, sessionsBefore))
}
