import { authenticationResponseFromWire, LoginError } from '@charter/core'
import { Hono } from 'hono'
import { z } from 'zod'
import type { Db } from '../db/Database.ts'
import { clientAddress } from '../http/clientAddress.ts'
import { consumeRateLimit } from '../http/rateLimit.ts'
import { TooManyRequestsError, waitInWords } from '../http/TooManyRequestsError.ts'
import { jsonBody } from '../http/validate.ts'
import type { DeviceCookie } from '../members/deviceCookie.ts'
import type { PendingKeys } from '../members/pendingKeys.ts'
import type { SessionCookie } from '../members/sessionCookie.ts'
import { b64url, relyingParty, verifyResponse } from '../passkeys/passkeySchemas.ts'
import type { PasskeyService } from '../passkeys/passkeys.ts'
import type { AuthEnv } from './AuthEnv.ts'
import type { AuthService } from './AuthService.ts'
import { signedIn } from './signedIn.ts'
import { signInFields } from './signInFields.ts'

export type PasskeySignInRoutesOptions = {
  passkeys: PasskeyService
  auth: AuthService
  db: Db
  cookie: SessionCookie
  device: DeviceCookie
  pending: PendingKeys
  trustProxy: number
}

const schemas = {
  init: z.strictObject({ relying_party: relyingParty, token: z.string().max(4096).optional() }),
  authenticate: z.strictObject({
    relying_party: relyingParty,
    challenge: b64url,
    authenticator_response: verifyResponse,
    /** Charter's, as the code sign-in's: the device key the new session is bound to. */
    authorization_key: signInFields.deviceKey.optional(),
  }),
}

/** Privy's sign-up with a passkey (`passkeys_for_signup_enabled: false` in the app's config). */
const noSignUp = () => {
  throw new LoginError('passkey_not_allowed', {
    message:
      'A Charter account starts with a phone number or an email address, not a passkey: sign up with one of those, then add a passkey on the Security page.',
  })
}

/**
 * Sign-in with a passkey, in Privy's shapes (`/api/v1/passkeys/authenticate/init`, `authenticate`;
 * docs/passkeys.md): discoverable, so the browser offers the member's own passkey, and the session it starts is
 * not a new device. Sign-up with a passkey is refused in words: an account starts with an address.
 */
export function passkeySignInRoutes(options: PasskeySignInRoutesOptions) {
  const { passkeys, auth, cookie, device } = options
  return new Hono<AuthEnv>()
    .post('/passkeys/authenticate/init', jsonBody(schemas.init, { whenEmpty: {} }), async (c) => {
      const address = clientAddress(c, options.trustProxy)
      const verdict = await consumeRateLimit(
        options.db,
        `passkey-sign-in:${address}`,
        auth.passkeySignInsPerClient,
      )
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
}
