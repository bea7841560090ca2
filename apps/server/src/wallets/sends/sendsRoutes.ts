import { Hono } from 'hono'
import { z } from 'zod'
import type { Chains } from '../../chains/Chains.ts'
import type { Db } from '../../db/Database.ts'
import { pathParams, queryParams } from '../../http/validate.ts'
import { requireSession, type SessionVariables, sessionRequired } from '../../members/sessionMiddleware.ts'
import { isUuid, walletFinder } from '../walletStore.ts'
import { findSend, listSends } from './sendRecords.ts'

/** How many sends one page holds unless the caller asks for fewer (or more, up to the most). */
export const sendsPage = { defaultLimit: 20, maxLimit: 100 } as const

const limitMessage = `must be a whole number from 1 to ${sendsPage.maxLimit}`
const schemas = {
  list: z.object({
    before: z
      .string({ error: 'must be given once' })
      .refine(isUuid, 'must be the id of a send from an earlier page')
      .optional(),
    limit: z
      .string({ error: 'must be given once' })
      .regex(/^\d{1,3}$/, limitMessage)
      .transform(Number)
      .pipe(z.number().min(1, limitMessage).max(sendsPage.maxLimit, limitMessage))
      .optional(),
  }),
  wallet: z.object({ id: z.string() }),
  send: z.object({ id: z.string(), send_id: z.string() }),
}

/**
 * A member's sends from one of their wallets (`GET /wallets/:id/sends`, newest first) and one send's status
 * (`GET /wallets/:id/sends/:send_id`); pending sends are read again from the chain as they are shown. Another
 * member's wallet answers as one that does not exist.
 */
export function sendsRoutes(options: { db: Db; chains: Chains }) {
  const { db, chains } = options
  const findUserWallet = walletFinder(db)
  return new Hono<{ Variables: SessionVariables }>()
    .get(
      '/wallets/:id/sends',
      sessionRequired,
      pathParams(schemas.wallet),
      queryParams(schemas.list),
      async (c) => {
        const session = requireSession(c)
        const wallet = await findUserWallet(session.userId, c.req.valid('param').id)
        const query = c.req.valid('query')
        return c.json(
          await listSends(db, chains, wallet, {
            before: query.before,
            limit: query.limit ?? sendsPage.defaultLimit,
          }),
        )
      },
    )
    .get('/wallets/:id/sends/:send_id', sessionRequired, pathParams(schemas.send), async (c) => {
      const session = requireSession(c)
      const { id, send_id } = c.req.valid('param')
      const wallet = await findUserWallet(session.userId, id)
      const send = isUuid(send_id) ? await findSend(db, chains, wallet, send_id) : undefined
      if (!send) return c.json({ error: 'There is no such send from this wallet.', code: 'not_found' }, 404)
      return c.json(send, 200)
    })
}
