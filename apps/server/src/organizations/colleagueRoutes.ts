import { Hono } from 'hono'
import type { Db } from '../db/Database.ts'
import { requireSession, sessionRequired } from '../members/sessionMiddleware.ts'
import { colleaguesOf } from './colleagues.ts'
import type { Env } from './organizationRouteParts.ts'

/**
 * `GET /organizations/colleagues`: whom the member may pay by name, everyone who shares an organisation with them
 * now (`colleaguesOf`), with their first wallet on each kind of chain. A read: the session alone, no device key.
 * Mounted before `/organizations/:id`, which would otherwise take "colleagues" for an organisation's id.
 */
export function colleagueRoutes(db: Db) {
  return new Hono<Env>().get('/organizations/colleagues', sessionRequired, async (c) => {
    const { userId } = requireSession(c)
    return c.json({ colleagues: await colleaguesOf(db, userId) }, 200)
  })
}
