import { LoginError, maskPhoneNumber } from '@charter/core'
import { type Context, Hono, type MiddlewareHandler } from 'hono'
import { z } from 'zod'
import type { Db } from '../db/Database.ts'
import { analyticsEvents } from '../db/schema.ts'
import { clientAddress } from '../http/clientAddress.ts'
import { checkBody, readJson, readJsonBody } from '../http/readJsonBody.ts'
import { listAccountEvents, recordAccountEvent } from '../members/accountEvents.ts'
import type { SessionCookie } from '../members/sessionCookie.ts'
import { requireSession, type SessionVariables } from '../members/sessionMiddleware.ts'
import {
  listUserSessions,
  revokeSession,
  revokeUserSession,
  revokeUserSessions,
} from '../members/sessions.ts'
import type { SignedRequestVariables } from '../members/signedRequest.ts'
import type { AuthService, SignedIn } from './AuthService.ts'
import type { Channel } from './channels.ts'
import { consumeRateLimit } from './rateLimit.ts'

type Env = { Variables: SessionVariables & SignedRequestVariables }

export type AuthRoutesOptions = {
  auth: AuthService
  db: Db
  sms: Channel | undefined
  email: Channel | undefined
  cookie: SessionCookie
  trustProxy: number
  /** The device-key check of account changes (`signedRequest` with the login provider's refusals). */
  signed: MiddlewareHandler<Env>
}

const address = z.string().min(1, 'is required').max(254, 'is too long (254 characters at most)')
const code = z.string().regex(/^\d{6}$/, 'must be the 6 digits of the code')
const mode = z.enum(['no-signup', 'login-or-sign-up']).default('login-or-sign-up')
const deviceKey = z.string().min(1).max(512)

/**
 * The two families of one-time-code routes differ only in their path and in the names of their fields
 * (Privy's, kept as they are so Privy-shaped clients work): one table, one set of handlers.
 */
const families = {
  sms: {
    path: '/passwordless_sms',
    address: 'phoneNumber',
    oldAddress: 'old_phone_number',
    newAddress: 'new_phone_number',
  },
  email: { path: '/passwordless', address: 'email', oldAddress: 'oldAddress', newAddress: 'newAddress' },
} as const

type Family = (typeof families)[keyof typeof families]

function familySchemas(family: Family) {
  return {
    init: z.strictObject({
      [family.address]: address,
      token: z.string().max(4096).optional(),
      /** Charter's addition: what the code is for, so its message says so. */
      purpose: z.enum(['sign-in', 'link', 'change']).default('sign-in'),
    }),
    authenticate: z.strictObject({
      [family.address]: address,
      code,
      mode,
      authorization_key: deviceKey.optional(),
    }),
    link: z.strictObject({ [family.address]: address, code }),
    update: z.strictObject({
      [family.oldAddress]: address,
      [family.newAddress]: address,
      code,
      step_up_code: code.optional(),
    }),
  }
}

const schemas = {
  refresh: z.strictObject({ refresh_token: z.string().min(1).max(200).optional() }),
  // Privy's clients send the refresh token they are giving up; the session is ended either way.
  logout: z.strictObject({
    everywhere: z.boolean().default(false),
    refresh_token: z.string().max(200).optional(),
  }),
  authorizationKey: z.strictObject({ public_key: deviceKey, code: code.optional() }),
  stepUp: z.strictObject({
    action: z.enum(['update_phone', 'update_email', 'register_key']),
    via: z.enum(['phone', 'email']).optional(),
  }),
  analytics: z.strictObject({
    event_name: z.string().min(1, 'is required').max(100),
    client_id: z.string().max(100).optional(),
    payload: z.record(z.string(), z.unknown()).optional(),
  }),
}

// Analytics events are for product questions, not storage: a small payload, a few per second per client.
const analyticsPayloadLimit = 4096
const analyticsRule = { limit: 120, windowSeconds: 60 }

const hasBody = (c: Context) => (c.req.header('content-length') ?? '0') !== '0'

/** The login provider's routes in Privy's shapes (see docs/sign-in.md), a thin layer over the AuthService. */
export function authRoutes(options: AuthRoutesOptions) {
  const { auth, cookie, signed } = options
  const client = (c: Context) => clientAddress(c, options.trustProxy)

  const channel = (which: 'sms' | 'email'): Channel => {
    const found = options[which]
    if (!found) {
      throw new LoginError('not_supported', {
        message: `Sign-in by ${which === 'sms' ? 'SMS' : 'email'} is not set up on this server.`,
      })
    }
    return found
  }

  const signedIn = (c: Context, result: SignedIn) => {
    cookie.set(c, result.session.token, result.session.expiresAt)
    return c.json({
      user: result.user,
      token: result.accessToken,
      refresh_token: result.session.refreshToken,
      is_new_user: result.isNewUser,
      session_update_action: 'set',
    })
  }

  const initAnswer = (expiresAt: Date) => ({
    success: true,
    expires_at: Math.floor(expiresAt.getTime() / 1000),
  })

  const routes = new Hono<Env>()
  for (const [which, family] of Object.entries(families) as ['sms' | 'email', Family][]) {
    const schema = familySchemas(family)
    // The schemas guarantee these fields are strings.
    const field = (body: Record<string, unknown>, name: string) => body[name] as string
    routes
      .post(`${family.path}/init`, async (c) => {
        const body = await readJsonBody(c, schema.init)
        const { expiresAt } = await auth.sendCode(
          channel(which),
          field(body, family.address),
          client(c),
          field(body, 'purpose') as 'sign-in' | 'link' | 'change',
        )
        return c.json(initAnswer(expiresAt))
      })
      .post(`${family.path}/authenticate`, async (c) => {
        const body = await readJsonBody(c, schema.authenticate)
        const result = await auth.authenticate({
          channel: channel(which),
          address: field(body, family.address),
          code: field(body, 'code'),
          mode: field(body, 'mode') as 'no-signup' | 'login-or-sign-up',
          client: client(c),
          userAgent: c.req.header('user-agent'),
          authorizationKey: body.authorization_key as string | undefined,
        })
        return signedIn(c, result)
      })
      .post(`${family.path}/link`, signed, async (c) => {
        const session = requireSession(c)
        const body = checkBody(schema.link, c.get('signedBody'))
        const user = await auth.link({
          channel: channel(which),
          userId: session.userId,
          address: field(body, family.address),
          code: field(body, 'code'),
          client: client(c),
        })
        return c.json(user)
      })
      .post(`${family.path}/update`, signed, async (c) => {
        const session = requireSession(c)
        const body = checkBody(schema.update, c.get('signedBody'))
        const user = await auth.update({
          channel: channel(which),
          userId: session.userId,
          sessionId: session.sessionId,
          oldAddress: field(body, family.oldAddress),
          newAddress: field(body, family.newAddress),
          code: field(body, 'code'),
          stepUpCode: body.step_up_code as string | undefined,
          client: client(c),
        })
        return c.json(user)
      })
  }

  return routes
    .post('/step_up/init', async (c) => {
      const session = requireSession(c)
      // Read as text, so that the signature check that may follow sees the very same bytes.
      const body = checkBody(schemas.stepUp, await readJson(c))
      // Only a session without a device key may ask for the code that adds one; everything else is signed.
      if (body.action !== 'register_key' || session.authorizationKey) {
        await signed(c, async () => {})
      }
      if (body.action === 'register_key' && session.authorizationKey) {
        throw new LoginError('invalid_data', { message: 'This session already has a device key.' })
      }
      const sent = await auth.sendStepUpCode({
        userId: session.userId,
        sessionId: session.sessionId,
        action: body.action,
        via: body.via,
        client: client(c),
      })
      return c.json({
        success: true,
        via: sent.kind,
        sent_to: sent.kind === 'phone' ? maskPhoneNumber(sent.address) : sent.address,
        expires_at: Math.floor(sent.expiresAt.getTime() / 1000),
      })
    })
    .post('/sessions/authorization_key', async (c) => {
      const session = requireSession(c)
      const body = await readJsonBody(c, schemas.authorizationKey)
      await auth.registerDeviceKey({
        session,
        publicKey: body.public_key,
        code: body.code,
        client: client(c),
      })
      return c.json({ success: true })
    })
    .post('/sessions', async (c) => {
      // A browser refreshes with its cookie and an empty body; an API caller sends its refresh token.
      const body = hasBody(c) ? await readJsonBody(c, schemas.refresh) : {}
      const token = cookie.read(c)
      const by = body.refresh_token ? { refreshToken: body.refresh_token } : token ? { token } : undefined
      if (!by) {
        throw new LoginError('missing_or_invalid_token', {
          message: 'There is no session to refresh. Please sign in.',
        })
      }
      try {
        return signedIn(c, await auth.refresh(by))
      } catch (error) {
        cookie.clear(c)
        throw error
      }
    })
    .post('/sessions/logout', async (c) => {
      const body = hasBody(c) ? await readJsonBody(c, schemas.logout) : { everywhere: false }
      const session = c.get('session')
      if (session) {
        if (body.everywhere) {
          const ended = await revokeUserSessions(options.db, session.userId)
          await recordAccountEvent(options.db, {
            userId: session.userId,
            kind: 'signed_out_everywhere',
            summary: `Signed out everywhere (${ended} ${ended === 1 ? 'session' : 'sessions'})`,
          })
        } else await revokeSession(options.db, session.sessionId)
      }
      cookie.clear(c)
      return c.json({ success: true, session_update_action: 'clear' })
    })
    .get('/users/me', async (c) => {
      const session = requireSession(c)
      return c.json({ user: await auth.loadUser(session.userId) })
    })
    .get('/users/me/events', async (c) => {
      const session = requireSession(c)
      return c.json({ events: await listAccountEvents(options.db, session.userId) })
    })
    .get('/sessions', async (c) => {
      const session = requireSession(c)
      const list = await listUserSessions(options.db, session.userId)
      return c.json({ sessions: list.map((each) => ({ ...each, current: each.id === session.sessionId })) })
    })
    .post('/sessions/:id/logout', async (c) => {
      const session = requireSession(c)
      const id = c.req.param('id')
      if (!(await revokeUserSession(options.db, session.userId, id))) {
        throw new LoginError('invalid_data', {
          message: 'There is no such session of yours, or it has ended already.',
        })
      }
      await recordAccountEvent(options.db, {
        userId: session.userId,
        kind: 'signed_out_session',
        summary: id === session.sessionId ? 'Signed out' : 'Signed out another session',
      })
      if (id === session.sessionId) cookie.clear(c)
      return c.json({ success: true })
    })
    .post('/analytics_events', async (c) => {
      const body = await readJsonBody(c, schemas.analytics)
      if (JSON.stringify(body.payload ?? {}).length > analyticsPayloadLimit) {
        throw new LoginError('invalid_data', {
          message: `payload: is too large (${analyticsPayloadLimit} bytes of JSON at most)`,
        })
      }
      const verdict = await consumeRateLimit(options.db, `analytics:${client(c)}`, analyticsRule)
      if (!verdict.allowed) return c.json({ success: true, stored: false })
      await options.db.insert(analyticsEvents).values({
        userId: c.get('session')?.userId,
        eventName: body.event_name,
        clientId: body.client_id,
        payload: body.payload ?? {},
      })
      return c.json({ success: true, stored: true })
    })
    .post('/recovery/oauth/:step{init|init_icloud|authenticate}', () => {
      throw new LoginError('not_supported', {
        message:
          'Charter keeps your wallets for you: sign in with your phone number or email address on any device to reach them. There is no separate recovery step.',
      })
    })
}
