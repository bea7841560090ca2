import type { Context } from 'hono'
import type { Db } from '../db/Database.ts'
import type { Logger } from '../log/logger.ts'
import { clientAddress } from './clientAddress.ts'
import { consumeRateLimit, type RateLimitRule } from './rateLimit.ts'
import { TooManyRequestsError, waitInWords } from './TooManyRequestsError.ts'

/**
 * Wrong secrets (an app secret, a pinning key) one client address may send in a window; past it, its wrong ones
 * are answered 429. The right secret is never refused: each is long and random, so no number of guesses finds
 * it, and refusing it would let anyone who shares an address with its holder lock that holder out. A request
 * with no secret in it guesses nothing, and is not counted.
 */
export const wrongSecretLimit: RateLimitRule = { limit: 10, windowSeconds: 900 }

export type WrongSecretOptions = {
  db: Db
  trustProxy: number
  /** Where wrong secrets are noted (the address they came from, never what they were). */
  logger: Logger
}

/** What was wrong, in words and as the counter's name: `{noun: 'app secret', counter: 'app-secret-failures'}`. */
export type SecretKind = { noun: string; counter: string; where: string }

/**
 * Counts a wrong secret against the client's address, logs it, and throws: 429 (with when to try again) past
 * `wrongSecretLimit`, else `refusal`. The one place both the server API and the pinning service count guesses.
 */
export async function refuseWrongSecret(
  c: Context,
  options: WrongSecretOptions,
  kind: SecretKind,
  refusal: () => Error,
): Promise<never> {
  const client = clientAddress(c, options.trustProxy)
  const verdict = await consumeRateLimit(options.db, `${kind.counter}:${client}`, wrongSecretLimit)
  options.logger.warn(`A wrong ${kind.noun} was sent to ${kind.where}`, {
    client,
    route: `${c.req.method} ${c.req.routePath}`,
    throttled: !verdict.allowed,
  })
  if (!verdict.allowed) {
    throw new TooManyRequestsError(
      `Too many wrong ${kind.noun}s were sent from here. Try again in ${waitInWords(verdict.retryAfterSeconds)}.`,
      verdict.retryAfterSeconds,
    )
  }
  throw refusal()
}
