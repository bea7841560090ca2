import { LoginError } from '@charter/core'
import type { Context, MiddlewareHandler } from 'hono'
import type { Db } from '../db/Database.ts'
import { type AccessTokenKeys, type TokenAudience, verifyAccessToken } from './accessToken.ts'
import type { SessionCookie } from './sessionCookie.ts'
import { type ActiveSession, type SessionFinder, sessionFinder } from './sessions.ts'

export type SessionVariables = { session: ActiveSession | undefined }

/**
 * Finds the caller's session, from the browser's httpOnly cookie or from an `Authorization: Bearer` access
 * token. Either way the session row must be live, so a logout takes effect at once for both.
 */
export function sessionMiddleware(options: {
  db: Db
  keys: AccessTokenKeys
  /** Whom tokens must be for (`aud`) and from (`iss`). */
  audience: TokenAudience
  lifetimeHours: number
  cookie: SessionCookie
}): MiddlewareHandler<{ Variables: SessionVariables }> {
  const find = sessionFinder(options.db, options.lifetimeHours)
  return async (c, next) => {
    c.set('session', await resolveSession(c, { ...options, find }))
    await next()
  }
}

async function resolveSession(
  c: Context,
  options: { keys: AccessTokenKeys; audience: TokenAudience; find: SessionFinder; cookie: SessionCookie },
): Promise<ActiveSession | undefined> {
  // Read first, so that two cookies are refused whichever credential the request leans on.
  const token = options.cookie.read(c)
  const bearer = c.req.header('authorization')?.match(/^Bearer\s+(\S{1,4096})$/i)?.[1]
  if (bearer) {
    const claims = await verifyAccessToken(options.keys, options.audience, bearer)
    if (!claims) return undefined
    const session = await options.find({ sessionId: claims.sessionId })
    return session?.userId === claims.userId ? session : undefined
  }
  return token ? options.find({ token }) : undefined
}

/** The session of a route that needs one; `must_be_authenticated` otherwise. */
export function requireSession(c: { var: Partial<SessionVariables> }): ActiveSession {
  const session = c.var.session
  if (!session) {
    throw new LoginError('must_be_authenticated', { message: 'Please sign in first.' })
  }
  return session
}

/**
 * `requireSession` as a step of its own, ahead of a route's input checks: a caller who is not signed in hears
 * that first, whatever it sent.
 */
export const sessionRequired: MiddlewareHandler<{ Variables: SessionVariables }> = async (c, next) => {
  requireSession(c)
  await next()
}
