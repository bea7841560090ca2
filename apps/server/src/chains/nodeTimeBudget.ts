import type { Db } from '../db/Database.ts'
import {
  adjustRateLimits,
  consumeRateLimitsInStages,
  type RateLimitCharge,
  type RateLimitRule,
  refundRateLimits,
} from '../http/rateLimit.ts'
import { TooManyRequestsError, waitInWords } from '../http/TooManyRequestsError.ts'

const share = (rule: RateLimitRule) =>
  `${rule.limit / 1000} seconds of their time ${rule.windowSeconds === 60 ? 'a minute' : `every ${rule.windowSeconds} seconds`}`

/**
 * How much of the chains' nodes' time one caller of the RPC proxy may spend: milliseconds per window, under the
 * session (when there is one) and under the client address, counted by `http/rateLimit.ts` in the database as the
 * proxy's request rates are, so every replica draws on the same budget. A request reserves its share before it
 * goes to the node, all of it in one statement, and is refused (429, `Retry-After`) when either budget would go
 * past its limit; once the node has answered, the reservation is settled against the time it really took.
 */
export function nodeTimeBudget(
  db: Db,
  limits: { nodeTimePerSession: RateLimitRule; nodeTimePerClient: RateLimitRule },
) {
  return {
    async reserve(sessionId: string | undefined, client: string, reservedMs: number) {
      const now = new Date()
      const charges: (RateLimitCharge & { whose: string })[] = [
        ...(sessionId === undefined
          ? []
          : [
              {
                key: `rpc-time:session:${sessionId}`,
                rule: limits.nodeTimePerSession,
                amount: reservedMs,
                whose: 'This session',
              },
            ]),
        {
          key: `rpc-time:client:${client}`,
          rule: limits.nodeTimePerClient,
          amount: reservedMs,
          whose: 'This address',
        },
      ]
      const [verdicts = []] = await consumeRateLimitsInStages(db, [charges], now)
      const refused = charges.findIndex((_, at) => verdicts[at]?.allowed === false)
      const verdict = verdicts[refused]
      if (verdict && !verdict.allowed) {
        // Nothing was sent: the reservation is given back, so what was really spent is all that counts.
        await refundRateLimits(db, charges, now)
        const { whose, rule } = charges[refused] as (typeof charges)[number]
        throw new TooManyRequestsError(
          `${whose} has used its share of the chains' nodes for now (${share(rule)}). Try again in ${waitInWords(verdict.retryAfterSeconds)}.`,
          verdict.retryAfterSeconds,
        )
      }
      return {
        /** Counts the time the node took instead of the reservation, in the window the reservation was made in. */
        settle: (elapsedMs: number) =>
          adjustRateLimits(
            db,
            charges.map((charge) => ({ ...charge, amount: Math.max(1, Math.ceil(elapsedMs)) - reservedMs })),
            now,
          ),
      }
    },
  }
}
