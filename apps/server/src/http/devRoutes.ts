import { timingSafeEqual } from 'node:crypto'
import { Hono } from 'hono'
import { validator } from 'hono/validator'
import { z } from 'zod'
import type { DevOutbox } from '../senders/DevOutbox.ts'

const sameText = (a: string, b: string) => {
  const left = Buffer.from(a)
  const right = Buffer.from(b)
  return left.length === right.length && timingSafeEqual(left, right)
}

/** `?to=`: whose messages, the first `to` when there are several; every message when there is none. */
const outboxQuery = z.object({
  to: z
    .union([z.string(), z.array(z.string())])
    .optional()
    .transform((to) => (Array.isArray(to) ? to[0] : to) || undefined),
})

/**
 * Embedded mode only (never mounted in production): the codes Charter would have sent. Off loopback it answers
 * only to the `DEV_OUTBOX_TOKEN` in `x-dev-outbox-token`, since anyone who reads it can sign in as anyone.
 */
export function devRoutes(outbox: DevOutbox, token: string | undefined) {
  // Any query is a valid one (a `to` or none), so the schema never refuses.
  const query = validator('query', (value: { to?: string | string[] }) => outboxQuery.parse(value))
  return new Hono().get('/outbox', query, (c) => {
    if (token !== undefined && !sameText(c.req.header('x-dev-outbox-token') ?? '', token)) {
      return c.json(
        {
          error: 'The dev outbox needs the header x-dev-outbox-token with DEV_OUTBOX_TOKEN.',
          code: 'must_be_authenticated',
        },
        401,
      )
    }
    return c.json({ messages: outbox.list(c.req.valid('query').to) })
  })
}
