import { describeUserAgent, LoginError, maskPhoneNumber } from '@charter/core'
import { type Context, Hono, type MiddlewareHandler } from 'hono'
import { z } from 'zod'
import type { Db } from '../db/Database.ts'
import { readJson } from '../http/readJsonBody.ts'
import { jsonBody, pathParams } from '../http/validate.ts'
import { listAccountEvents, recordAccountEvent } from '../members/accountEvents.ts'
import type { CodeFlows } from '../members/codeFlows.ts'
import type { DeviceCookie } from '../members/deviceCookie.ts'
import type { PendingKeys } from '../members/pendingKeys.ts'
import type { SessionCookie } from '../members/sessionCookie.ts'
import { requireSession, type SessionVariables, sessionRequired } from '../members/sessionMiddleware.ts'
import {
  listUserSessions,
  revokeSession,
  revokeSessionByRefreshToken,
  revokeUserSession,
  revokeUserSessions,
} from '../members/sessions.ts'
import type { SignedRequestVariables } from '../members/signedRequest.ts'
import type { AuthService, SignedIn } from './AuthService.ts'
import type { Channel } from './channels.ts'

type Env = { Variables: SessionVariables & SignedRequestVariables }

export type AuthRoutesOptions = {
  auth: AuthService
  db: Db
  sms: Channel | undefined
  email: Channel | undefined
  cookie: SessionCookie
  /** Whose codes are whose: the flow cookie, or the client address of a caller that keeps no cookies. */
  flows: CodeFlows
  /** The long-lived cookie that tells a browser the account used before from a new one. */
  device: DeviceCookie
  /** Keys the wallet frame registered before a sign-in, bound by the sign-in that follows in its browser. */
  pending: PendingKeys
  /** The device-key check of account changes (`signedRequest` with the login provider's refusals). */
  signed: MiddlewareHandler<Env>
}

const address = z.string().min(1, 'is required').max(254, 'is too long (254 characters at most)')
const code = z.string().regex(/^\d{6}$/, 'must be the 6 digits of the code')
const mode = z.enum(['no-signup', 'login-or-sign-up']).default('login-or-sign-up')
const deviceKey = z.string().min(1).max(512)

/**
 * The two families of one-time-code routes differ only in their path and in the names of their fields
 * (Privy's, kept as they are so Privy-shaped clients work): one set of handlers, typed per family.
 */
type Family<A extends string, O extends string, N extends string> = {
  /** The channel's name when it is not set up on this server. */
  name: string
  address: A
  oldAddress: O
  newAddress: N
}

const smsFamily = {
  name: 'SMS',
  address: 'phoneNumber',
  oldAddress: 'old_phone_number',
  newAddress: 'new_phone_number',
} as const
const emailFamily = {
  name: 'email',
  address: 'email',
  oldAddress: 'oldAddress',
  newAddress: 'newAddress',
} as const

/** `{[key]: value}` typed with the key itself, so a family's schemas carry its real field names. */
const named = <K extends string, V>(key: K, value: V) => ({ [key]: value }) as Record<K, V>

function familySchemas<A extends string, O extends string, N extends string>(family: Family<A, O, N>) {
  return {
    init: z.strictObject({
      ...named(family.address, address),
      /** A solved proof-of-work challenge (ALTCHA's base64 payload), once the address has had its allowance. */
      token: z.string().max(4096).optional(),
      /** Charter's addition: what the code is for, so its message says so. */
      purpose: z.enum(['sign-in', 'link', 'change']).default('sign-in'),
    }),
    authenticate: z.strictObject({
      ...named(family.address, address),
      code,
      mode,
      authorization_key: deviceKey.optional(),
    }),
    link: z.strictObject({ ...named(family.address, address), code }),
    update: z.strictObject({
      ...named(family.oldAddress, address),
      ...named(family.newAddress, address),
      code,
      step_up_code: code.optional(),
    }),
  }
}

const schemas = {
  refresh: z.strictObject({ refresh_token: z.string().min(1).max(200).optional() }),
  // Privy's clients send the refresh token they are giving up: it names the session when nothing else does.
  logout: z.strictObject({
    everywhere: z.boolean().default(false),
    refresh_token: z.string().max(200).optional(),
  }),
  authorizationKey: z.strictObject({ public_key: deviceKey, code: code.optional() }),
  stepUp: z.strictObject({
    action: z.enum(['update_phone', 'update_email', 'register_key']),
    via: z.enum(['phone', 'email']).optional(),
  }),
}

/** Session ids are UUIDs: any other id names no session of the member, and is refused as such. */
const sessionId = z.strictObject({ id: z.uuid() })
const noSuchSession = () =>
  new LoginError('invalid_data', { message: 'There is no such session of yours, or it has ended already.' })

/** What the routes share: the service, the session cookie, the device-key check, the caller's address. */
type Helpers = {
  auth: AuthService
  cookie: SessionCookie
  device: DeviceCookie
  pending: PendingKeys
  signed: MiddlewareHandler<Env>
  flows: CodeFlows
}

/** A session started (or refreshed): its cookie for a browser, its tokens for an API caller. */
function signedIn(c: Context<Env>, cookie: SessionCookie, result: SignedIn, device?: DeviceCookie) {
  cookie.set(c, result.session.token, result.session.expiresAt)
  if (device && result.deviceToken) device.set(c, result.deviceToken)
  return c.json({
    user: result.user,
    token: result.accessToken,
    refresh_token: result.session.refreshToken,
    is_new_user: result.isNewUser,
    session_update_action: 'set' as const,
  })
}

// The schemas guarantee a family's fields are strings; their names are type parameters here, so they are read
// by name.
const field = (body: object, name: string) => (body as Record<string, string>)[name] as string

/** A family's one-time-code routes (`init`, `authenticate`, `link`, `update`), typed with its field names. */
function codeRoutes<A extends string, O extends string, N extends string>(
  family: Family<A, O, N>,
  maybeChannel: Channel | undefined,
  { auth, cookie, device, pending, signed, flows }: Helpers,
) {
  const schema = familySchemas(family)
  const channel = (): Channel => {
    if (!maybeChannel) {
      throw new LoginError('not_supported', {
        message: `Sign-in by ${family.name} is not set up on this server.`,
      })
    }
    return maybeChannel
  }

  return new Hono<Env>()
    .post('/init', jsonBody(schema.init), async (c) => {
      const body = c.req.valid('json')
      const { purpose, token } = body as { purpose: 'sign-in' | 'link' | 'change'; token?: string }
      const { expiresAt } = await auth.sendCode(
        channel(),
        field(body, family.address),
        flows.asking(c),
        purpose,
        token,
      )
      return c.json({ success: true as const, expires_at: Math.floor(expiresAt.getTime() / 1000) })
    })
    .post('/authenticate', jsonBody(schema.authenticate), async (c) => {
      const body = c.req.valid('json') as object
      const authorizationKey = (body as { authorization_key?: string }).authorization_key
      const result = await auth.authenticate({
        channel: channel(),
        address: field(body, family.address),
        code: field(body, 'code'),
        mode: field(body, 'mode') as 'no-signup' | 'login-or-sign-up',
        client: flows.trying(c),
        userAgent: c.req.header('user-agent'),
        authorizationKey,
        // A key sent in the body wins; the frame's pending key is left for a sign-in that sends none.
        pendingKey: authorizationKey === undefined ? () => pending.take(c) : undefined,
        deviceToken: device.read(c),
      })
      return signedIn(c, cookie, result, device)
    })
    .post('/link', signed, jsonBody(schema.link, { from: 'signed' }), async (c) => {
      const session = requireSession(c)
      const body = c.req.valid('json') as object
      const user = await auth.link({
        channel: channel(),
        userId: session.userId,
        address: field(body, family.address),
        code: field(body, 'code'),
        client: flows.trying(c),
      })
      return c.json(user)
    })
    .post('/update', signed, jsonBody(schema.update, { from: 'signed' }), async (c) => {
      const session = requireSession(c)
      const body = c.req.valid('json') as object
      const user = await auth.update({
        channel: channel(),
        userId: session.userId,
        sessionId: session.sessionId,
        oldAddress: field(body, family.oldAddress),
        newAddress: field(body, family.newAddress),
        code: field(body, 'code'),
        stepUpCode: (body as { step_up_code?: string }).step_up_code,
        client: flows.trying(c),
      })
      return c.json(user)
    })
}

/**
 * step_up/init reads its body before it knows whether the request must be signed (the code that adds a device
 * key may be asked for unsigned): read as text once, so a signature check that follows sees the very same
 * bytes.
 */
const bodyBeforeSignature: MiddlewareHandler<Env> = async (c, next) => {
  c.set('signedBody', await readJson(c))
  await next()
}

/** The login provider's routes in Privy's shapes (see docs/sign-in.md), a thin layer over the AuthService. */
export function authRoutes(options: AuthRoutesOptions) {
  const { auth, cookie, signed, db, flows } = options
  const helpers: Helpers = { auth, cookie, device: options.device, pending: options.pending, signed, flows }

  return (
    new Hono<Env>()
      .route('/passwordless_sms', codeRoutes(smsFamily, options.sms, helpers))
      .route('/passwordless', codeRoutes(emailFamily, options.email, helpers))
      .post(
        '/step_up/init',
        sessionRequired,
        bodyBeforeSignature,
        jsonBody(schemas.stepUp, { from: 'signed' }),
        async (c) => {
          const session = requireSession(c)
          const body = c.req.valid('json')
          // Only a session without a device key may ask for the code that adds one; all else is signed.
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
            client: flows.asking(c),
          })
          return c.json({
            success: true as const,
            via: sent.kind,
            sent_to: sent.kind === 'phone' ? maskPhoneNumber(sent.address) : sent.address,
            expires_at: Math.floor(sent.expiresAt.getTime() / 1000),
          })
        },
      )
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
        if (session) {
          if (body.everywhere) {
            const ended = await revokeUserSessions(db, session.userId, { reason: 'signed_out_everywhere' })
            await recordAccountEvent(db, {
              userId: session.userId,
              kind: 'signed_out_everywhere',
              summary: `Signed out everywhere (${ended} ${ended === 1 ? 'session' : 'sessions'})`,
            })
          } else await revokeSession(db, session.sessionId)
        } else if (body.refresh_token) {
          // A client whose access token has expired names its session by the refresh token it is giving up.
          await revokeSessionByRefreshToken(db, body.refresh_token)
        }
        cookie.clear(c)
        return c.json({ success: true as const, session_update_action: 'clear' as const })
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
      // The challenge an `init` past the address's allowance asks for, for clients that drop a refusal's body.
      .get('/code_challenge', async (c) => c.json({ challenge: await auth.newCodeChallenge() }))
      .post('/recovery/oauth/:step{init|init_icloud|authenticate}', () => {
        throw new LoginError('not_supported', {
          message:
            'Charter keeps your wallets for you: sign in with your phone number or email address on any device to reach them. There is no separate recovery step.',
        })
      })
  )
}
