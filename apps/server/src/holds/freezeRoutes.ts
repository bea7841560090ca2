import { Hono, type MiddlewareHandler } from 'hono'
import { z } from 'zod'
import { jsonBody } from '../http/validate.ts'
import { requireSession, sessionRequired } from '../members/sessionMiddleware.ts'
import type { SignedRequestVariables } from '../members/signedRequest.ts'
import { type AccountFreeze, freezeHours } from './accountFreeze.ts'

type Env = { Variables: SignedRequestVariables }

const schemas = {
  freeze: z.strictObject({ hours: z.number().int().min(freezeHours.min).max(freezeHours.max) }),
  lift: z.strictObject({}),
}

/**
 * The account's freeze (docs/security.md, "The SIM-swap attacker"): its state for any session, and freezing and
 * lifting, each signed with the device key as every account change is.
 */
export function freezeRoutes(options: { freeze: AccountFreeze; signed: MiddlewareHandler<Env> }) {
  const { freeze, signed } = options
  return new Hono<Env>()
    .get('/account/freeze', async (c) => {
      const session = requireSession(c)
      return c.json(await freeze.status(session.userId))
    })
    .post(
      '/account/freeze',
      sessionRequired,
      signed,
      jsonBody(schemas.freeze, { from: 'signed' }),
      async (c) => {
        const session = requireSession(c)
        return c.json(await freeze.freeze(session, c.req.valid('json').hours))
      },
    )
    .post(
      '/account/freeze/lift',
      sessionRequired,
      signed,
      jsonBody(schemas.lift, { from: 'signed' }),
      async (c) => {
        const session = requireSession(c)
        return c.json(await freeze.lift(session))
      },
    )
}
