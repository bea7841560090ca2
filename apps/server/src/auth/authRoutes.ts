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

const schemas = {
  smsInit: z.strictObject({ phoneNumber: address, token: z.string().optional() }),
  smsAuthenticate: z.strictObject({ phoneNumber: address, code, mode }),
  smsLink: z.strictObject({ phoneNumber: address, code }),
  smsUpdate: z.strictObject({ old_phone_number: address, new_phone_number: address, code }),
  emailInit: z.strictObject({ email: address, token: z.string().optional() }),
  emailAuthenticate: z.strictObject({ email: address, code, mode }),
  emailLink: z.strictObject({ email: address, code }),
  emailUpdate: z.strictObject({ oldAddress: address, newAddress: address, code }),
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

  return new Hono<Env>()
    .post('/passwordless_sms/init', async (c) => {
      const body = await readJsonBody(c, schemas.smsInit)
      const { expiresAt } = await auth.sendCode(channel('sms'), body.phoneNumber, client(c))
      return c.json(initAnswer(expiresAt))
    })
    .post('/passwordless_sms/authenticate', async (c) => {
      const body = await readJsonBody(c, schemas.smsAuthenticate)
      const result = await auth.authenticate({
        channel: channel('sms'),
        address: body.phoneNumber,
        code: body.code,
        mode: body.mode,
        client: client(c),
        userAgent: c.req.header('user-agent'),
      })
      return signedIn(c, result)
    })
    .post('/passwordless_sms/link', async (c) => {
      const session = requireSession(c)
      const body = await readJsonBody(c, schemas.smsLink)
      const user = await auth.link({
        channel: channel('sms'),
        userId: session.userId,
        address: body.phoneNumber,
        code: body.code,
        client: client(c),
      })
      return c.json(user)
    })
    .post('/passwordless_sms/update', async (c) => {
      const session = requireSession(c)
      const body = await readJsonBody(c, schemas.smsUpdate)
      const user = await auth.update({
        channel: channel('sms'),
        userId: session.userId,
        oldAddress: body.old_phone_number,
        newAddress: body.new_phone_number,
        code: body.code,
        client: client(c),
      })
      return c.json(user)
    })
    .post('/passwordless/init', async (c) => {
      const body = await readJsonBody(c, schemas.emailInit)
      const { expiresAt } = await auth.sendCode(channel('email'), body.email, client(c))
      return c.json(initAnswer(expiresAt))
    })
    .post('/passwordless/authenticate', async (c) => {
      const body = await readJsonBody(c, schemas.emailAuthenticate)
      const result = await auth.authenticate({
        channel: channel('email'),
        address: body.email,
        code: body.code,
        mode: body.mode,
        client: client(c),
        userAgent: c.req.header('user-agent'),
      })
      return signedIn(c, result)
    })
    .post('/passwordless/link', async (c) => {
      const session = requireSession(c)
      const body = await readJsonBody(c, schemas.emailLink)
      const user = await auth.link({
        channel: channel('email'),
        userId: session.userId,
        address: body.email,
        code: body.code,
        client: client(c),
      })
      return c.json(user)
    })
    .post('/passwordless/update', async (c) => {
      const session = requireSession(c)
      const body = await readJsonBody(c, schemas.emailUpdate)
      const user = await auth.update({
        channel: channel('email'),
        userId: session.userId,
        oldAddress: body.oldAddress,
        newAddress: body.newAddress,
        code: body.code,
        client: client(c),
      })
      return c.json(user)
    })
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
