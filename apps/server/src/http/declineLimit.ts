import type { Db } from '../db/Database.ts'
import { consumeRateLimit, type RateLimitRule } from './rateLimit.ts'
import { TooManyRequestsError, waitInWords } from './TooManyRequestsError.ts'

/**
 * Declines a session may record: far more than a person presses Reject, few enough that a page (or a script
 * with the session and its device key) asking again and again cannot push what was signed or exported out of
 * the activity list.
 */
export const declinesPerSession: RateLimitRule = { limit: 20, windowSeconds: 600 }

/** Counts one recorded decline of a session; past the limit, 429 with when to try again. */
export const declineLimiter =
  (db: Db, rule: RateLimitRule = declinesPerSession) =>
  async (sessionId: string): Promise<void> => {
    const verdict = await consumeRateLimit(db, `decline:${sessionId}`, rule)
    if (verdict.allowed) return
    throw new TooManyRequestsError(
      `This session has recorded ${rule.limit} declined requests in the last ${rule.windowSeconds / 60} minutes, the most it may, so this one was not recorded (nothing was signed either way). Try again in ${waitInWords(verdict.retryAfterSeconds)}.`,
      verdict.retryAfterSeconds,
    )
  }
