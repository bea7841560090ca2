import { createHash } from 'node:crypto'
import canonicalize from 'canonicalize'
import { and, eq, gt, lt } from 'drizzle-orm'
import type { MiddlewareHandler } from 'hono'
import type { Db } from '../db/Database.ts'
import { idempotencyKeys } from '../db/schema.ts'
import { WalletApiError } from '../http/WalletApiError.ts'
import { requireSession } from './sessionMiddleware.ts'
import type { SignedRequestVariables } from './signedRequest.ts'

const windowMs = 24 * 3_600_000
const pending = 0

/**
 * `privy-idempotency-key`: within 24 hours the same key of the same session gets the first answer again instead
 * of a second signature, and a different request under a used key is refused. Keys belong to the session that
 * sent them. With `keepAnswers: false` (an exported key) only the status is kept: a replay is refused with 409
 * and never gets the answer, which is shown once.
 * Runs after `signedRequest`, whose checked body it reads.
 */
export function idempotency(options: {
  db: Db
  keepAnswers: boolean
}): MiddlewareHandler<{ Variables: SignedRequestVariables }> {
  const { db } = options
  return async (c, next) => {
    const key = c.req.header('privy-idempotency-key')
    if (key === undefined) return next()
    const { sessionId } = requireSession(c)
    // What the request asks for: its path and body. Not its expiry, which a retry of the same request renews.
    const requestDigest = createHash('sha256')
      .update(`${c.req.method} ${c.req.path}\n`)
      .update(canonicalize(c.get('signedBody')) ?? '')
      .digest('hex')
    const now = new Date()
    const mine = and(eq(idempotencyKeys.sessionId, sessionId), eq(idempotencyKeys.key, key))
    await db
      .delete(idempotencyKeys)
      .where(and(mine, lt(idempotencyKeys.createdAt, new Date(now.getTime() - windowMs))))
    const claimed = await db
      .insert(idempotencyKeys)
      .values({ sessionId, key, requestDigest, status: pending, body: null, createdAt: now })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key })
    if (claimed.length === 0) {
      const [first] = await db
        .select()
        .from(idempotencyKeys)
        .where(and(mine, gt(idempotencyKeys.createdAt, new Date(now.getTime() - windowMs))))
      if (first && first.requestDigest !== requestDigest) {
        throw new WalletApiError(
          -32600,
          409,
          'This idempotency key was already used for a different request.',
        )
      }
      if (!first || first.status === pending) {
        throw new WalletApiError(-32600, 409, 'A request with this idempotency key is still being handled.')
      }
      if (first.body === null) {
        throw new WalletApiError(
          -32600,
          409,
          'This request was already answered, and its answer is shown only once. Start again to get a new one.',
        )
      }
      c.header('privy-idempotency-replayed', 'true')
      return c.json(first.body as object, first.status as 200)
    }

    try {
      await next()
    } catch (error) {
      // Nothing was answered: the caller may retry under the same key.
      await db.delete(idempotencyKeys).where(mine)
      throw error
    }
    // A 5xx is our fault, not an answer, and a refused export gave nothing away: the caller may retry under the
    // same key.
    if (c.res.status >= 500 || (!options.keepAnswers && c.res.status >= 400)) {
      await db.delete(idempotencyKeys).where(mine)
      return
    }
    const answer = options.keepAnswers
      ? ((await c.res
          .clone()
          .json()
          .catch(() => ({}))) as object)
      : null
    await db.update(idempotencyKeys).set({ status: c.res.status, body: answer }).where(mine)
  }
}
