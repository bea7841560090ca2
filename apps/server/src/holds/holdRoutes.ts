import { type BudgetAsset, LoginError } from '@charter/core'
import { Hono, type MiddlewareHandler } from 'hono'
import { z } from 'zod'
import { jsonBody, pathParams } from '../http/validate.ts'
import { requireSession, sessionRequired } from '../members/sessionMiddleware.ts'
import type { SignedRequestVariables } from '../members/signedRequest.ts'
import type { NewDeviceHold } from './newDeviceHold.ts'

type Env = { Variables: SignedRequestVariables }

const heldActionId = z.strictObject({ id: z.uuid() })
const noSuchAction = () =>
  new LoginError('invalid_data', { message: 'There is no such request on your account.' })

/**
 * The member's held actions (docs/wallets.md, "A new device waits"): this session's own hold, every request held
 * on the account and what the member's new devices may still move at once (`budget`, per chain and asset they
 * used), and cancelling a held action, which is signed with the device key like the export itself.
 */
/** What a new device may still move, per chain and asset: the policy's budget (`policy/newDeviceBudget.ts`) fills it. */
export type BudgetLeft = {
  remaining: (
    userId: string,
  ) => Promise<
    { chain: string; asset: BudgetAsset; limit: string; used: string; remaining: string; symbol: string }[]
  >
}

export function holdRoutes(options: {
  hold: NewDeviceHold
  budget: BudgetLeft
  signed: MiddlewareHandler<Env>
}) {
  const { hold, signed } = options
  return new Hono<Env>()
    .get('/held_actions', async (c) => {
      const session = requireSession(c)
      const [held, budget] = await Promise.all([hold.list(session), options.budget.remaining(session.userId)])
      return c.json({ ...held, budget })
    })
    .post(
      '/held_actions/:id/cancel',
      sessionRequired,
      pathParams(heldActionId, noSuchAction),
      signed,
      jsonBody(z.strictObject({}), { from: 'signed' }),
      async (c) => {
        const session = requireSession(c)
        return c.json(await hold.cancel(session, c.req.valid('param').id))
      },
    )
}
