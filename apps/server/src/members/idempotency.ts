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
 * A claim still `pending` after this long belongs to a request that will never finish (its server was killed):
 * the next request under the key takes it over. Longer than any request runs: a send's node calls before its
 * nonce lease (each bounded at 10 s, 50 s at most), the wait for that lease (60 s) and the lease itself (45 s)
 * come to under 3 minutes. Taking over is safe because what a key guards is idempotent below this layer too: a
 * send is found by its key in `sends` (its recorded hash, or `interrupted`), never signed twice.
 */
export const abandonedClaimMs = 5 * 60_000

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
      const abandoned =
        first?.status === pending && first.createdAt.getTime() < now.getTime() - abandonedClaimMs
      if (abandoned) {
        // Taken over only if still that same abandoned claim: of two retries at once, one goes on.
        const [taken] = await db
          .update(idempotencyKeys)
          .set({ createdAt: now })
          .where(
            and(mine, eq(idempotencyKeys.status, pending), eq(idempotencyKeys.createdAt, first.createdAt)),
          )
          .returning({ key: idempotencyKeys.key })
        if (!taken) {
          throw new WalletApiError(-32600, 409, 'A request with this idempotency key is still being handled.')
        }
      } else if (!first || first.status === pending) {
        throw new WalletApiError(
          -32600,
          409,
          `A request with this idempotency key is still being handled. If it was cut off, send it again: ${abandonedClaimMs / 60_000} minutes after it began, the key is taken up anew.`,
        )
      } else if (first.body === null) {
        throw new WalletApiError(
          -32600,
          409,
          'This request was already answered, and its answer is shown only once. Start again to get a new one.',
        )
      } else {
        c.header('privy-idempotency-replayed', 'true')
        return c.json(first.body as object, first.status as 200)
      }
    }

    try {
      await next()
    } catch (error) {
      // Nothing was answered: the caller may retry under the same key.
      await db.delete(idempotencyKeys).where(mine)
      throw error
    }
    // A 5xx is our fault, not an answer, and a refused export gave nothing away: the caller may retry under the
    // same key. A held send (`action_held`) is not an answer either: the same key must reach the method again,
    // which answers the held send while it waits and the send's hash once it went out. Nor is a refusal while
    // the account is frozen (`account_frozen`): the same key may go through once the freeze ends.
    const errorCode = (c.error as { code?: unknown } | undefined)?.code
    const heldAction = errorCode === 'action_held' || errorCode === 'account_frozen'
    if (c.res.status >= 500 || heldAction || (!options.keepAnswers && c.res.status >= 400)) {
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
