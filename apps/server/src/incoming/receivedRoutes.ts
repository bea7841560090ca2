import { Hono } from 'hono'
import { z } from 'zod'
import type { Chains } from '../chains/Chains.ts'
import type { Db } from '../db/Database.ts'
import { jsonBody } from '../http/validate.ts'
import { requireSession, type SessionVariables, sessionRequired } from '../members/sessionMiddleware.ts'
import { markNewsSeen, receivedNews } from './receivedNews.ts'

const schemas = {
  seen: z.strictObject({
    through: z.number().int('must be the id of an activity line').min(1).max(Number.MAX_SAFE_INTEGER),
  }),
}

/**
 * What the home announces of money received: `GET /wallets/received/news`, the receipts not yet announced to
 * this member, and `POST /wallets/received/news/seen` `{through}`, which marks them announced up to that line,
 * so "You received 2.5 USDC from Ana" is said once.
 */
export function receivedRoutes(options: { db: Db; chains: Chains }) {
  const { db, chains } = options
  return new Hono<{ Variables: SessionVariables }>()
    .get('/wallets/received/news', sessionRequired, async (c) => {
      const session = requireSession(c)
      return c.json({ received: await receivedNews(db, chains, session.userId) })
    })
    .post('/wallets/received/news/seen', sessionRequired, jsonBody(schemas.seen), async (c) => {
      const session = requireSession(c)
      await markNewsSeen(db, session.userId, c.req.valid('json').through)
      return c.json({ ok: true as const })
    })
}
