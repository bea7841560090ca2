import { LoginError } from '@charter/core'
import type { Context, MiddlewareHandler } from 'hono'
import type { Db } from '../db/Database.ts'
import { type AccessTokenKeys, type TokenAudience, verifyAccessToken } from './accessToken.ts'
import { SessionEndedError } from './SessionEndedError.ts'
import type { SessionCookie } from './sessionCookie.ts'
import {
  type ActiveSession,
  endedSessionReason,
  type SessionEndReason,
  type SessionFinder,
  sessionFinder,
} from './sessions.ts'

export type SessionVariables = {
  session: ActiveSession | undefined
  /** Why the session the request's credential names was revoked, when it was. */
  sessionEnded?: SessionEndReason | undefined
}

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
    const resolved = await resolveSession(c, { ...options, find })
    c.set('session', resolved.session)
    // Only a credential that names a session no longer live costs this lookup.
    if (!resolved.session && resolved.by)
      c.set('sessionEnded', await endedSessionReason(options.db, resolved.by))
    await next()
  }
}

async function resolveSession(
  c: Context,
  options: { keys: AccessTokenKeys; audience: TokenAudience; find: SessionFinder; cookie: SessionCookie },
): Promise<{ session: ActiveSession | undefined; by?: { token: string } | { sessionId: string } }> {
  // Read first, so that two cookies are refused whichever credential the request leans on.
  const token = options.cookie.read(c)
  const bearer = c.req.header('authorization')?.match(/^Bearer\s+(\S{1,4096})$/i)?.[1]
  if (bearer) {
    const claims = await verifyAccessToken(options.keys, options.audience, bearer)
    if (!claims) return { session: undefined }
    const by = { sessionId: claims.sessionId }
    const session = await options.find(by)
    return session ? { session: session.userId === claims.userId ? session : undefined } : { session, by }
  }
  if (!token) return { session: undefined }
  const by = { token }
  return { session: await options.find(by), by }
}

/** The session of a route that needs one; `must_be_authenticated` otherwise. */
export function requireSession(c: { var: Partial<SessionVariables> }): ActiveSession {
  const session = c.var.session
  if (!session) {
    const ended = c.var.sessionEnded
    if (ended) throw new SessionEndedError(ended)
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
