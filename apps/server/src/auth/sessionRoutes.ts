import { describeUserAgent, LoginError, toUnixSeconds } from '@charter/core'
import { Hono } from 'hono'
import { z } from 'zod'
import type { Db } from '../db/Database.ts'
import { HeldUntilError } from '../holds/HeldUntilError.ts'
import type { HeldSignOuts } from '../holds/heldSignOuts.ts'
import { jsonBody, pathParams } from '../http/validate.ts'
import { listAccountEvents, recordAccountEvent } from '../members/accountEvents.ts'
import type { CodeFlows } from '../members/codeFlows.ts'
import type { SessionCookie } from '../members/sessionCookie.ts'
import { requireSession, sessionRequired } from '../members/sessionMiddleware.ts'
import {
  listUserSessions,
  revokeSession,
  revokeSessionByRefreshToken,
  revokeUserSession,
} from '../members/sessions.ts'
import type { AuthEnv } from './AuthEnv.ts'
import type { AuthService } from './AuthService.ts'
import { signedIn } from './signedIn.ts'
import { signInFields } from './signInFields.ts'

export type SessionRoutesOptions = {
  auth: AuthService
  db: Db
  cookie: SessionCookie
  flows: CodeFlows
  /** A session within its new-device hold that ends older sessions waits the hold (holds/heldSignOuts.ts). */
  signOuts: HeldSignOuts
}

const schemas = {
  refresh: z.strictObject({ refresh_token: z.string().min(1).max(200).optional() }),
  // Privy's clients send the refresh token they are giving up: it names the session when nothing else does.
  logout: z.strictObject({
    everywhere: z.boolean().default(false),
    refresh_token: z.string().max(200).optional(),
  }),
  authorizationKey: z.strictObject({
    public_key: signInFields.deviceKey,
    code: signInFields.code.optional(),
  }),
}

/** Session ids are UUIDs: any other id names no session of the member, and is refused as such. */
const sessionId = z.strictObject({ id: z.uuid() })
const noSuchSession = () =>
  new LoginError('invalid_data', { message: 'There is no such session of yours, or it has ended already.' })

/**
 * What follows a sign-in, whichever family it came from: refreshing and ending sessions, the session's device
 * key, the member's account and its events, and the refusal of Privy's recovery routes.
 */
export function sessionRoutes({ auth, db, cookie, flows, signOuts }: SessionRoutesOptions) {
  return (
    new Hono<AuthEnv>()
      .post('/sessions/authorization_key', sessionRequired, jsonBody(schemas.authorizationKey), async (c) => {
        const session = requireSession(c)
        const body = c.req.valid('json')
        await auth.registerDeviceKey({
          session,
          publicKey: body.public_key,
          code: body.code,
          client: flows.trying(c),
        })
        return c.json({ success: true as const })
      })
      // A browser refreshes with its cookie and an empty body; an API caller sends its refresh token.
      .post('/sessions', jsonBody(schemas.refresh, { whenEmpty: {} }), async (c) => {
        const body = c.req.valid('json')
        const token = cookie.read(c)
        const by = body.refresh_token ? { refreshToken: body.refresh_token } : token ? { token } : undefined
        if (!by) {
          throw new LoginError('missing_or_invalid_token', {
            message: 'There is no session to refresh. Please sign in.',
          })
        }
        try {
          return signedIn(c, cookie, await auth.refresh(by))
        } catch (error) {
          cookie.clear(c)
          throw error
        }
      })
      .post('/sessions/logout', jsonBody(schemas.logout, { whenEmpty: {} }), async (c) => {
        const body = c.req.valid('json')
        const session = c.get('session')
        let held: { id: string; opens_at: number } | undefined
        if (session) {
          if (body.everywhere) {
            // From a new device, the older sessions' ending waits the hold; its own and younger ones end now.
            const outcome = await signOuts.everywhere(session)
            const { ended } = outcome
            held = outcome.held && {
              id: outcome.held.id,
              opens_at: toUnixSeconds(outcome.held.opensAt),
            }
            await recordAccountEvent(db, {
              userId: session.userId,
              kind: 'signed_out_everywhere',
              summary: `Signed out everywhere (${ended} ${ended === 1 ? 'session' : 'sessions'})${held ? '; the older sessions wait the new-device hold' : ''}`,
            })
          } else await revokeSession(db, session.sessionId)
        } else if (body.refresh_token) {
          // A client whose access token has expired names its session by the refresh token it is giving up.
          await revokeSessionByRefreshToken(db, body.refresh_token)
        }
        cookie.clear(c)
        return c.json({
          success: true as const,
          session_update_action: 'clear' as const,
          ...(held && { held_action: held }),
        })
      })
      .get('/users/me', async (c) => {
        const session = requireSession(c)
        return c.json({ user: await auth.loadUser(session.userId) })
      })
      .get('/users/me/events', async (c) => {
        const session = requireSession(c)
        return c.json({ events: await listAccountEvents(db, session.userId) })
      })
      .get('/sessions', async (c) => {
        const session = requireSession(c)
        const list = await listUserSessions(db, session.userId)
        return c.json({ sessions: list.map((each) => ({ ...each, current: each.id === session.sessionId })) })
      })
      .post('/sessions/:id/logout', sessionRequired, pathParams(sessionId, noSuchSession), async (c) => {
        const session = requireSession(c)
        const { id } = c.req.valid('param')
        // A new device ending an older session waits the hold: whoever took the member's phone would otherwise
        // sign the member out first.
        const held = await signOuts.holdIfOlder(session, id)
        if (held) {
          throw new HeldUntilError(
            `This device signed in recently, so signing out a device that signed in before it waits: it will happen at ${held.opensAt.toISOString().slice(0, 16).replace('T', ' ')} UTC, unless that device cancels it. Your addresses were told.`,
            held,
          )
        }
        const ended = await revokeUserSession(
          db,
          session.userId,
          id,
          id === session.sessionId ? 'signed_out' : 'signed_out_by_another_session',
        )
        if (!ended) throw noSuchSession()
        await recordAccountEvent(db, {
          userId: session.userId,
          kind: 'signed_out_session',
          // Named as the Security page lists it, so the member can tell which one went.
          summary: `Signed out ${id === session.sessionId ? 'this session' : describeUserAgent(ended.userAgent, { inSentence: true })}`,
        })
        if (id === session.sessionId) cookie.clear(c)
        return c.json({ success: true as const })
      })
      .post('/recovery/oauth/:step{init|init_icloud|authenticate}', () => {
        throw new LoginError('not_supported', {
          message:
            'Charter keeps your wallets for you: sign in with your phone number or email address on any device to reach them. There is no separate recovery step.',
        })
      })
  )
}
