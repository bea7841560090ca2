import { authenticationResponseFromWire, LoginError, registrationResponseFromWire } from '@charter/core'
import { Hono, type MiddlewareHandler } from 'hono'
import { z } from 'zod'
import type { AuthService } from '../auth/AuthService.ts'
import { signedIn } from '../auth/signedIn.ts'
import type { Db } from '../db/Database.ts'
import { clientAddress } from '../http/clientAddress.ts'
import { consumeRateLimit } from '../http/rateLimit.ts'
import { TooManyRequestsError, waitInWords } from '../http/TooManyRequestsError.ts'
import { jsonBody, pathParams } from '../http/validate.ts'
import type { DeviceCookie } from '../members/deviceCookie.ts'
import type { PendingKeys } from '../members/pendingKeys.ts'
import type { SessionCookie } from '../members/sessionCookie.ts'
import { requireSession, sessionRequired } from '../members/sessionMiddleware.ts'
import type { SignedRequestVariables } from '../members/signedRequest.ts'
import { b64url, enrollmentResponse, passkeyProof, relyingParty, verifyResponse } from './passkeySchemas.ts'
import type { PasskeyService } from './passkeys.ts'

type Env = { Variables: SignedRequestVariables }

const schemas = {
  init: z.strictObject({ relying_party: relyingParty, token: z.string().max(4096).optional() }),
  link: z.strictObject({
    relying_party: relyingParty,
    authenticator_response: enrollmentResponse,
    /** Charter's: the name the member chose; the authenticator's own name when absent. */
    name: z.string().max(200).optional(),
  }),
  authenticate: z.strictObject({
    relying_party: relyingParty,
    challenge: b64url,
    authenticator_response: verifyResponse,
    /** Charter's, as the code sign-in's: the device key the new session is bound to. */
    authorization_key: z.string().min(1).max(512).optional(),
  }),
  unlink: z.strictObject({
    credential_id: b64url,
    remove_as_mfa: z.boolean().optional(),
    /** Charter's: a passkey's confirmation, which removes it at once instead of after the wait. */
    passkey: passkeyProof.optional(),
  }),
  rename: z.strictObject({ name: z.string().max(200) }),
  proofInit: z.strictObject({
    action: z.discriminatedUnion('type', [
      z.strictObject({ type: z.literal('held_action'), id: z.uuid() }),
      z.strictObject({ type: z.literal('export'), wallet_id: z.string().min(1).max(100) }),
      z.strictObject({ type: z.literal('unlink'), credential_id: b64url }),
    ]),
  }),
  lift: z.strictObject({ passkey: passkeyProof }),
}

const credentialParam = z.strictObject({ credential_id: b64url })
const heldActionParam = z.strictObject({ id: z.uuid() })
const noSuchPasskey = () =>
  new LoginError('invalid_data', { message: 'There is no such passkey on your account.' })
const noSuchAction = () =>
  new LoginError('invalid_data', { message: 'There is no such request on your account.' })

/** Privy's sign-up with a passkey (`passkeys_for_signup_enabled: false` in the app's config). */
const noSignUp = () => {
  throw new LoginError('passkey_not_allowed', {
    message:
      'A Charter account starts with a phone number or an email address, not a passkey: sign up with one of those, then add a passkey on the Security page.',
  })
}

/** How many passkey sign-ins one client address may start in ten minutes: each writes a challenge. */
const signInStarts = { limit: 60, windowSeconds: 600 }

export type PasskeyRoutesOptions = {
  passkeys: PasskeyService
  auth: AuthService
  db: Db
  cookie: SessionCookie
  device: DeviceCookie
  pending: PendingKeys
  trustProxy: number
  /** The device-key check of account changes (`signedRequest` with the login provider's refusals). */
  signed: MiddlewareHandler<Env>
  /** "Ethereum wallet 0x12…": what an export's confirmation names, for the member's own wallet; throws otherwise. */
  describeWallet: (userId: string, walletId: string) => Promise<string>
  /** Runs the held-action jobs now, so a send or sign-out a passkey released goes at once. */
  releaseNow: () => void
}

/**
 * Passkeys in Privy's shapes (`/api/v1/passkeys/*`, docs/passkeys.md) and Charter's own beside them: the list,
 * renaming, a proof bound to one action, and releasing a held action with it. Adding, removing and releasing are
 * signed with the session's device key like every account change; signing in is open, throttled per address.
 */
export function passkeyRoutes(options: PasskeyRoutesOptions) {
  const { passkeys, auth, cookie, device, signed } = options
  return new Hono<Env>()
    .get('/passkeys', async (c) => {
      const session = requireSession(c)
      return c.json({ passkeys: await passkeys.list(session.userId) })
    })
    .post('/passkeys/link/init', sessionRequired, jsonBody(schemas.init, { whenEmpty: {} }), async (c) => {
      const session = requireSession(c)
      return c.json(await passkeys.linkOptions(session, c.req.valid('json').relying_party))
    })
    .post(
      '/passkeys/link',
      sessionRequired,
      signed,
      jsonBody(schemas.link, { from: 'signed' }),
      async (c) => {
        const session = requireSession(c)
        const body = c.req.valid('json')
        await passkeys.link(session, {
          response: registrationResponseFromWire(body.authenticator_response),
          name: body.name,
          userAgent: c.req.header('user-agent'),
          relyingParty: body.relying_party,
        })
        // Privy answers a link with the bare user.
        return c.json(await auth.loadUser(session.userId))
      },
    )
    .post('/passkeys/authenticate/init', jsonBody(schemas.init, { whenEmpty: {} }), async (c) => {
      const address = clientAddress(c, options.trustProxy)
      const verdict = await consumeRateLimit(options.db, `passkey-sign-in:${address}`, signInStarts)
      if (!verdict.allowed) {
        throw new TooManyRequestsError(
          `Too many passkey sign-ins from this address. Try again in ${waitInWords(verdict.retryAfterSeconds)}.`,
          verdict.retryAfterSeconds,
        )
      }
      return c.json(await passkeys.signInOptions(c.req.valid('json').relying_party))
    })
    .post('/passkeys/authenticate', jsonBody(schemas.authenticate), async (c) => {
      const body = c.req.valid('json')
      const userId = await passkeys.signIn({
        challenge: body.challenge,
        response: authenticationResponseFromWire(body.authenticator_response),
        relyingParty: body.relying_party,
      })
      const authorizationKey = body.authorization_key ?? (await options.pending.take(c))
      const result = await auth.signInWithPasskey({
        userId,
        clientAddress: clientAddress(c, options.trustProxy),
        userAgent: c.req.header('user-agent'),
        authorizationKey,
        deviceToken: device.read(c),
      })
      return signedIn(c, cookie, result, device)
    })
    .post('/passkeys/register/init', noSignUp)
    .post('/passkeys/register', noSignUp)
    .post(
      '/passkeys/unlink',
      sessionRequired,
      signed,
      jsonBody(schemas.unlink, { from: 'signed' }),
      async (c) => {
        const session = requireSession(c)
        const body = c.req.valid('json')
        await passkeys.remove(
          session,
          body.credential_id,
          body.passkey && authenticationResponseFromWire(body.passkey.authenticator_response),
        )
        return c.json(await auth.loadUser(session.userId))
      },
    )
    .patch(
      '/passkeys/:credential_id',
      sessionRequired,
      pathParams(credentialParam, noSuchPasskey),
      signed,
      jsonBody(schemas.rename, { from: 'signed' }),
      async (c) => {
        const session = requireSession(c)
        const { credential_id } = c.req.valid('param')
        return c.json(await passkeys.rename(session.userId, credential_id, c.req.valid('json').name))
      },
    )
    .post('/passkeys/proof/init', sessionRequired, jsonBody(schemas.proofInit), async (c) => {
      const session = requireSession(c)
      return c.json(
        await passkeys.proofOptions(session, c.req.valid('json').action, (walletId) =>
          options.describeWallet(session.userId, walletId),
        ),
      )
    })
    .post(
      '/held_actions/:id/lift',
      sessionRequired,
      pathParams(heldActionParam, noSuchAction),
      signed,
      jsonBody(schemas.lift, { from: 'signed' }),
      async (c) => {
        const session = requireSession(c)
        const lifted = await passkeys.liftHeld(
          session,
          c.req.valid('param').id,
          authenticationResponseFromWire(c.req.valid('json').passkey.authenticator_response),
        )
        options.releaseNow()
        return c.json({
          success: true as const,
          held_action: {
            id: lifted.id,
            kind: lifted.kind,
            summary: lifted.summary,
            opens_at: Math.floor(lifted.opensAt.getTime() / 1000),
          },
        })
      },
    )
}
