import {
  authenticationResponseFromWire,
  LoginError,
  registrationResponseFromWire,
  toUnixSeconds,
} from '@charter/core'
import { Hono, type MiddlewareHandler } from 'hono'
import { z } from 'zod'
import type { Db } from '../db/Database.ts'
import { jsonBody, pathParams } from '../http/validate.ts'
import { requireSession, sessionRequired } from '../members/sessionMiddleware.ts'
import type { SignedRequestVariables } from '../members/signedRequest.ts'
import { loadUser } from '../members/users.ts'
import { b64url, enrollmentResponse, passkeyProof, relyingParty } from './passkeySchemas.ts'
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

export type PasskeyRoutesOptions = {
  passkeys: PasskeyService
  db: Db
  /** The device-key check of account changes (`signedRequest` with the login provider's refusals). */
  signed: MiddlewareHandler<Env>
  /** "Ethereum wallet 0x12…": what an export's confirmation names, for the member's own wallet; throws otherwise. */
  describeWallet: (userId: string, walletId: string) => Promise<string>
  /** Runs the held-action jobs now, so a send or sign-out a passkey released goes at once. */
  releaseNow: () => void
}

/**
 * A member's passkeys, in Privy's shapes where it has them (`link`, `unlink`: docs/passkeys.md), and Charter's own
 * beside them: the list, renaming, a proof bound to one action, and releasing a held action with it. Adding,
 * removing, renaming and releasing are signed with the session's device key like every account change. Signing in
 * with a passkey is a sign-in family of auth/ (auth/passkeySignInRoutes.ts).
 */
export function passkeyRoutes(options: PasskeyRoutesOptions) {
  const { passkeys, db, signed } = options
  const userOf = async (userId: string) => {
    const user = await loadUser(db, userId)
    if (!user) throw new LoginError('user_does_not_exist')
    return user
  }
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
        return c.json(await userOf(session.userId))
      },
    )
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
        return c.json(await userOf(session.userId))
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
        return c.json(await passkeys.rename(session, credential_id, c.req.valid('json').name))
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
            opens_at: toUnixSeconds(lifted.opensAt),
          },
        })
      },
    )
}
