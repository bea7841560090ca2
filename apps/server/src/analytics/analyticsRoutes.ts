import { LoginError } from '@charter/core'
import { Hono } from 'hono'
import { z } from 'zod'
import type { Db } from '../db/Database.ts'
import { analyticsEvents } from '../db/schema.ts'
import { clientAddress } from '../http/clientAddress.ts'
import { consumeRateLimit } from '../http/rateLimit.ts'
import { jsonBody } from '../http/validate.ts'
import type { SessionVariables } from '../members/sessionMiddleware.ts'

const analyticsEvent = z.strictObject({
  event_name: z.string().min(1, 'is required').max(100),
  client_id: z.string().max(100).optional(),
  payload: z.record(z.string(), z.unknown()).optional(),
})

// Analytics events are for product questions, not storage: a small payload, a few per second per client.
const payloadLimit = 4096
const rule = { limit: 120, windowSeconds: 60 }

/**
 * `POST /analytics_events` in the login provider's shape: an event is kept, with the member's id when signed
 * in; past the client's rate it is still answered, with `stored: false`.
 */
export function analyticsRoutes(options: { db: Db; trustProxy: number }) {
  const { db } = options
  return new Hono<{ Variables: SessionVariables }>().post(
    '/analytics_events',
    jsonBody(analyticsEvent),
    async (c) => {
      const body = c.req.valid('json')
      if (JSON.stringify(body.payload ?? {}).length > payloadLimit) {
        throw new LoginError('invalid_data', {
          message: `payload: is too large (${payloadLimit} bytes of JSON at most)`,
        })
      }
      const client = clientAddress(c, options.trustProxy)
      const { allowed: stored } = await consumeRateLimit(db, `analytics:${client}`, rule)
      if (stored) {
        await db.insert(analyticsEvents).values({
          userId: c.get('session')?.userId,
          eventName: body.event_name,
          clientId: body.client_id,
          payload: body.payload ?? {},
        })
      }
      return c.json({ success: true as const, stored })
    },
  )
}
