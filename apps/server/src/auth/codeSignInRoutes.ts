import { LoginError, maskPhoneNumber, toUnixSeconds } from '@charter/core'
import { Hono, type MiddlewareHandler } from 'hono'
import { addressChangeOf } from '../holds/addressChangeOf.ts'
import { readJson } from '../http/readJsonBody.ts'
import { jsonBody } from '../http/validate.ts'
import { requireSession, sessionRequired } from '../members/sessionMiddleware.ts'
import type { AuthEnv } from './AuthEnv.ts'
import type { Channel } from './channels.ts'
import { type CodeHandlersOptions, codeHandlers } from './codeHandlers.ts'
import { codeSignInSchemas } from './codeSignInSchemas.ts'

export type CodeSignInRoutesOptions = CodeHandlersOptions & {
  sms: Channel | undefined
  email: Channel | undefined
  /** The device-key check of account changes (`signedRequest` with the login provider's refusals). */
  signed: MiddlewareHandler<AuthEnv>
}

/**
 * step_up/init reads its body before it knows whether the request must be signed (the code that adds a device
 * key may be asked for unsigned): read as text once, so a signature check that follows sees the very same
 * bytes.
 */
const bodyBeforeSignature: MiddlewareHandler<AuthEnv> = async (c, next) => {
  c.set('signedBody', await readJson(c))
  await next()
}

/**
 * Sign-in with a one-time code, in Privy's shapes: each family's `init`, `authenticate`, `link` and `update`, the
 * proof-of-work challenge `init` may ask for, and `step_up/init`, which sends the code that confirms a change.
 * Step-up lives here because it is a code like the others: sent through the same channels, under the same
 * allowances, and checked by `update` (`step_up_code`) and by the device-key route.
 */
export function codeSignInRoutes(options: CodeSignInRoutesOptions) {
  /**
   * A code that confirms a change, asked from a session within its new-device hold, goes to an address the
   * session did not sign in with (whoever took the member's phone does not get it): naming the sign-in one is
   * refused, and an account with no other address the server can reach holds the change instead. Answers the
   * address kind to avoid; undefined for a trusted session, which goes on as before.
   */
  async function heldAway(
    session: { sessionId: string; userId: string },
    action: 'update_phone' | 'update_email',
    via: 'phone' | 'email' | undefined,
  ) {
    if (!(await options.hold.holdEnd(session.sessionId))) return undefined
    const signedInWith = await options.hold.signedInWith(session.sessionId)
    if (signedInWith !== 'phone' && signedInWith !== 'email') return signedInWith
    const other = signedInWith === 'phone' ? 'email' : 'phone'
    const words = { phone: 'phone number', email: 'email address' } as const
    const user = await options.auth.loadUser(session.userId)
    const hasOther =
      user.linked_accounts.some((each) => each.type === other) &&
      (other === 'phone' ? options.sms : options.email) !== undefined
    if (via === signedInWith) {
      throw new LoginError('invalid_data', {
        message: `via: this device signed in with your ${words[signedInWith]} less than ${options.hold.duration} ago, so a code that confirms a change goes to your other address, never to that one.${hasOther ? ` Ask for it by ${words[other]} (via: "${other}").` : ' Your account has no other, so the change waits instead: ask without via.'}`,
      })
    }
    if (!hasOther) {
      await options.hold.assertNotHeld(
        addressChangeOf(session, 'update', action === 'update_phone' ? 'phone' : 'email'),
      )
    }
    return signedInWith
  }

  const { auth, flows, signed } = options
  const sms = codeHandlers('SMS', options.sms, options)
  const email = codeHandlers('email', options.email, options)
  const { sms: bySms, email: byEmail } = codeSignInSchemas

  const smsRoutes = new Hono<AuthEnv>()
    .post('/init', jsonBody(bySms.init), (c) => {
      const { phoneNumber, purpose, token } = c.req.valid('json')
      return sms.init(c, { address: phoneNumber, purpose, token })
    })
    .post('/authenticate', jsonBody(bySms.authenticate), (c) => {
      const { phoneNumber, code, mode, authorization_key } = c.req.valid('json')
      return sms.authenticate(c, { address: phoneNumber, code, mode, authorizationKey: authorization_key })
    })
    .post('/link', signed, jsonBody(bySms.link, { from: 'signed' }), (c) => {
      const { phoneNumber, code } = c.req.valid('json')
      return sms.link(c, { address: phoneNumber, code })
    })
    .post('/update', signed, jsonBody(bySms.update, { from: 'signed' }), (c) => {
      const body = c.req.valid('json')
      return sms.update(c, {
        oldAddress: body.old_phone_number,
        newAddress: body.new_phone_number,
        code: body.code,
        stepUpCode: body.step_up_code,
      })
    })

  const emailRoutes = new Hono<AuthEnv>()
    .post('/init', jsonBody(byEmail.init), (c) => {
      const { email: address, purpose, token } = c.req.valid('json')
      return email.init(c, { address, purpose, token })
    })
    .post('/authenticate', jsonBody(byEmail.authenticate), (c) => {
      const { email: address, code, mode, authorization_key } = c.req.valid('json')
      return email.authenticate(c, { address, code, mode, authorizationKey: authorization_key })
    })
    .post('/link', signed, jsonBody(byEmail.link, { from: 'signed' }), (c) => {
      const { email: address, code } = c.req.valid('json')
      return email.link(c, { address, code })
    })
    .post('/update', signed, jsonBody(byEmail.update, { from: 'signed' }), (c) => {
      const body = c.req.valid('json')
      return email.update(c, {
        oldAddress: body.oldAddress,
        newAddress: body.newAddress,
        code: body.code,
        stepUpCode: body.step_up_code,
      })
    })

  return (
    new Hono<AuthEnv>()
      .route('/passwordless_sms', smsRoutes)
      .route('/passwordless', emailRoutes)
      .post(
        '/step_up/init',
        sessionRequired,
        bodyBeforeSignature,
        jsonBody(codeSignInSchemas.stepUp, { from: 'signed' }),
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
          const avoid =
            body.action === 'register_key' ? undefined : await heldAway(session, body.action, body.via)
          const sent = await auth.sendStepUpCode({
            userId: session.userId,
            sessionId: session.sessionId,
            action: body.action,
            via: body.via,
            avoid,
            client: flows.asking(c),
          })
          return c.json({
            success: true as const,
            via: sent.kind,
            sent_to: sent.kind === 'phone' ? maskPhoneNumber(sent.address) : sent.address,
            expires_at: toUnixSeconds(sent.expiresAt),
          })
        },
      )
      // The challenge an `init` past the address's allowance asks for, for clients that drop a refusal's body.
      .get('/code_challenge', async (c) => c.json({ challenge: await auth.newCodeChallenge() }))
  )
}
