import { LoginError } from '@charter/core'
import { type Context, Hono } from 'hono'
import { deleteCookie, getCookie, setCookie } from 'hono/cookie'
import { z } from 'zod'
import type { Db } from '../db/Database.ts'
import { analyticsEvents } from '../db/schema.ts'
import { clientAddress } from '../http/clientAddress.ts'
import { readJsonBody } from '../http/readJsonBody.ts'
import type { AuthService, SignedIn } from './AuthService.ts'
import type { Channel } from './channels.ts'
import { consumeRateLimit } from './rateLimit.ts'
import { requireSession, type SessionVariables, sessionCookieName } from './sessionMiddleware.ts'
import { revokeSession } from './sessions.ts'

type Env = { Variables: SessionVariables }

export type AuthRoutesOptions = {
  auth: AuthService
  db: Db
  sms: Channel | undefined
  email: Channel | undefined
  secureCookies: boolean
  trustProxy: boolean
}

const address = z.string().min(1, 'is required').max(254, 'is too long (254 characters at most)')
const code = z.string().regex(/^\d{6}$/, 'must be the 6 digits of the code')
const mode = z.enum(['no-signup', 'login-or-sign-up']).default('login-or-sign-up')

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
    init: z.strictObject({ [family.address]: address, token: z.string().optional() }),
    authenticate: z.strictObject({ [family.address]: address, code, mode }),
    link: z.strictObject({ [family.address]: address, code }),
    update: z.strictObject({ [family.oldAddress]: address, [family.newAddress]: address, code }),
  }
}

const schemas = {
  refresh: z.strictObject({ refresh_token: z.string().min(1).max(200).optional() }),
  analytics: z.strictObject({
    event_name: z.string().min(1, 'is required').max(100),
    client_id: z.string().max(100).optional(),
    payload: z.record(z.string(), z.unknown()).optional(),
  }),
}

// Analytics events are for product questions, not storage: a small payload, a few per second per client.
const analyticsPayloadLimit = 4096
const analyticsRule = { limit: 120, windowSeconds: 60 }

/** The login provider's routes in Privy's shapes (FACTS §6), a thin layer over the AuthService. */
export function authRoutes(options: AuthRoutesOptions) {
  const { auth } = options
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
    setCookie(c, sessionCookieName, result.session.token, {
      httpOnly: true,
      sameSite: 'Lax',
      secure: options.secureCookies,
      path: '/',
      expires: result.session.expiresAt,
    })
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
        const { expiresAt } = await auth.sendCode(channel(which), field(body, family.address), client(c))
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
        })
        return signedIn(c, result)
      })
      .post(`${family.path}/link`, async (c) => {
        const session = requireSession(c)
        const body = await readJsonBody(c, schema.link)
        const user = await auth.link({
          channel: channel(which),
          userId: session.userId,
          address: field(body, family.address),
          code: field(body, 'code'),
          client: client(c),
        })
        return c.json(user)
      })
      .post(`${family.path}/update`, async (c) => {
        const session = requireSession(c)
        const body = await readJsonBody(c, schema.update)
        const user = await auth.update({
          channel: channel(which),
          userId: session.userId,
          oldAddress: field(body, family.oldAddress),
          newAddress: field(body, family.newAddress),
          code: field(body, 'code'),
          client: client(c),
        })
        return c.json(user)
      })
  }

  return routes
    .post('/sessions', async (c) => {
      // A browser refreshes with its cookie and an empty body; an API caller sends its refresh token.
      const hasBody = (c.req.header('content-length') ?? '0') !== '0'
      const body = hasBody ? await readJsonBody(c, schemas.refresh) : {}
      const cookie = getCookie(c, sessionCookieName)
      const by = body.refresh_token
        ? { refreshToken: body.refresh_token }
        : cookie
          ? { token: cookie }
          : undefined
      if (!by) {
        throw new LoginError('missing_or_invalid_token', {
          message: 'There is no session to refresh. Please sign in.',
        })
      }
      try {
        return signedIn(c, await auth.refresh(by))
      } catch (error) {
        deleteCookie(c, sessionCookieName, { path: '/' })
        throw error
      }
    })
    .post('/sessions/logout', async (c) => {
      const session = c.get('session')
      if (session) await revokeSession(options.db, session.sessionId)
      deleteCookie(c, sessionCookieName, { path: '/', secure: options.secureCookies })
      return c.json({ success: true, session_update_action: 'clear' })
    })
    .get('/users/me', async (c) => {
      const session = requireSession(c)
      return c.json({ user: await auth.loadUser(session.userId) })
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
