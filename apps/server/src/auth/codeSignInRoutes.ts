import { LoginError, maskPhoneNumber } from '@charter/core'
import { Hono, type MiddlewareHandler } from 'hono'
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
      // The challenge an `init` past the address's allowance asks for, for clients that drop a refusal's body.
      .get('/code_challenge', async (c) => c.json({ challenge: await auth.newCodeChallenge() }))
  )
}
