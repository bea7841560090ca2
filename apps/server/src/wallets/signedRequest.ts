import { createHash } from 'node:crypto'
import { authorizationPayload, LoginError } from '@charter/core'
import { and, eq, gt, lt } from 'drizzle-orm'
import type { Context, MiddlewareHandler } from 'hono'
import type { SessionVariables } from '../auth/sessionMiddleware.ts'
import { requireSession } from '../auth/sessionMiddleware.ts'
import type { Db } from '../db/Database.ts'
import { idempotencyKeys } from '../db/schema.ts'
import { verifyAuthorizationSignature } from './authorizationKeys.ts'
import { WalletApiError } from './WalletApiError.ts'

export type SignedRequestVariables = SessionVariables & { signedBody: unknown }

const idempotencyWindowMs = 24 * 3_600_000
const pending = 0

/** The URL the browser signed: the request's own, or the public one a proxy you run reports. */
function signedUrl(c: Context, trustProxy: boolean): string {
  const url = new URL(c.req.url)
  if (trustProxy) {
    const proto = c.req.header('x-forwarded-proto')?.split(',')[0]?.trim()
    const host = c.req.header('x-forwarded-host')?.split(',')[0]?.trim()
    if (proto) url.protocol = `${proto}:`
    if (host) url.host = host
  }
  return `${url.origin}${url.pathname}`.replace(/\/+$/, '')
}

/**
 * Every wallet API request: a session, a body signed with the session's registered P-256 key over the RFC 8785
 * payload, an expiry not passed, and at most one answer per idempotency key for 24 hours (the first, replayed;
 * a different body under the same key is refused).
 */
export function signedRequest(options: {
  db: Db
  appId: string
  trustProxy: boolean
}): MiddlewareHandler<{ Variables: SignedRequestVariables }> {
  const { db } = options
  return async (c, next) => {
    const session = requireSession(c)
    const appId = c.req.header('privy-app-id')
    if (appId !== options.appId) {
      throw new LoginError('missing_or_invalid_privy_app_id', {
        message: `Send the header privy-app-id: ${options.appId}.`,
      })
    }
    const expiry = c.req.header('privy-request-expiry')
    if (expiry !== undefined) {
      if (!/^\d{1,16}$/.test(expiry)) {
        throw new WalletApiError(-32600, 400, 'privy-request-expiry: must be a time in Unix milliseconds')
      }
      if (Number(expiry) <= Date.now()) {
        throw new WalletApiError(
          -32600,
          400,
          `This request expired at ${new Date(Number(expiry)).toISOString()}.`,
        )
      }
    }
    const idempotencyKey = c.req.header('privy-idempotency-key')
    if (idempotencyKey !== undefined && !/^[\w.:-]{1,128}$/.test(idempotencyKey)) {
      throw new WalletApiError(
        -32600,
        400,
        'privy-idempotency-key: use up to 128 letters, digits, . _ : or -',
      )
    }

    const text = await c.req.text()
    let body: unknown
    try {
      body = text === '' ? {} : JSON.parse(text)
    } catch {
      throw new WalletApiError(-32700, 400, 'The request body is not valid JSON.')
    }

    const key = session.authorizationKey
    if (!key) {
      throw new WalletApiError(4100, 401, 'This session has no wallet key yet. Reload the page to set it up.')
    }
    const url = signedUrl(c, options.trustProxy)
    const payload = authorizationPayload({
      method: 'POST',
      url,
      body,
      headers: {
        'privy-app-id': appId,
        ...(idempotencyKey !== undefined && { 'privy-idempotency-key': idempotencyKey }),
        ...(expiry !== undefined && { 'privy-request-expiry': expiry }),
      },
    })
    const signature = c.req.header('privy-authorization-signature')
    if (!signature || !verifyAuthorizationSignature(key, payload, signature)) {
      throw new WalletApiError(
        4100,
        401,
        "The request's authorization signature is missing or does not match this session's wallet key.",
      )
    }
    c.set('signedBody', body)

    if (idempotencyKey === undefined) return next()

    const requestDigest = createHash('sha256').update(payload).digest('hex')
    const now = new Date()
    await db
      .delete(idempotencyKeys)
      .where(
        and(
          eq(idempotencyKeys.userId, session.userId),
          eq(idempotencyKeys.key, idempotencyKey),
          lt(idempotencyKeys.createdAt, new Date(now.getTime() - idempotencyWindowMs)),
        ),
      )
    const claimed = await db
      .insert(idempotencyKeys)
      .values({
        userId: session.userId,
        key: idempotencyKey,
        requestDigest,
        status: pending,
        body: {},
        createdAt: now,
      })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key })
    if (claimed.length === 0) {
      const [first] = await db
        .select()
        .from(idempotencyKeys)
        .where(
          and(
            eq(idempotencyKeys.userId, session.userId),
            eq(idempotencyKeys.key, idempotencyKey),
            gt(idempotencyKeys.createdAt, new Date(now.getTime() - idempotencyWindowMs)),
          ),
        )
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
      c.header('privy-idempotency-replayed', 'true')
      return c.json(first.body as object, first.status as 200)
    }

    await next()
    const mine = and(eq(idempotencyKeys.userId, session.userId), eq(idempotencyKeys.key, idempotencyKey))
    // A 5xx is our fault, not an answer: let the caller retry under the same key.
    if (c.res.status >= 500) {
      await db.delete(idempotencyKeys).where(mine)
      return
    }
    const answer = (await c.res
      .clone()
      .json()
      .catch(() => ({}))) as object
    await db.update(idempotencyKeys).set({ status: c.res.status, body: answer }).where(mine)
  }
}
