import { lt } from 'drizzle-orm'
import type { Db } from './Database.ts'
import { idempotencyKeys, otpCodes, rateLimits } from './schema.ts'

const day = 86_400_000

/**
 * Deletes what no rule reads any more: throttling windows and one-time codes that ended a day ago, and
 * idempotency answers past their 24 hours. Safe on every replica at once.
 */
export async function sweepExpired(db: Db, now = new Date()): Promise<void> {
  const dayAgo = new Date(now.getTime() - day)
  await db.delete(rateLimits).where(lt(rateLimits.windowStart, dayAgo))
  await db.delete(otpCodes).where(lt(otpCodes.expiresAt, dayAgo))
  await db.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, dayAgo))
}
