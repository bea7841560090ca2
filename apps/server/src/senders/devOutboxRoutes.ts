import { Hono } from 'hono'
import { validator } from 'hono/validator'
import { z } from 'zod'
import { equalInConstantTime } from '../http/equalInConstantTime.ts'
import type { DevOutbox } from './DevOutbox.ts'

/** `?to=`: whose messages, the first `to` when there are several; every message when there is none. */
const outboxQuery = z.object({
  to: z
    .union([z.string(), z.array(z.string())])
    .optional()
    .transform((to) => (Array.isArray(to) ? to[0] : to) || undefined),
})

/**
 * Embedded mode only (never mounted in production): the codes Charter would have sent. It answers only to the
 * token in `x-dev-outbox-token` (DEV_OUTBOX_TOKEN, else the one generated into DATA_DIR), on loopback too,
 * since whoever reads it can sign in as anyone, and other users of the machine reach loopback as well.
 */
export function devOutboxRoutes(outbox: DevOutbox, token: string) {
  // Any query is a valid one (a `to` or none), so the schema never refuses.
  const query = validator('query', (value: { to?: string | string[] }) => outboxQuery.parse(value))
  return new Hono().get('/outbox', query, (c) => {
    if (!equalInConstantTime(Buffer.from(c.req.header('x-dev-outbox-token') ?? ''), Buffer.from(token))) {
      return c.json(
        {
          error:
            'The dev outbox answers only to whoever started this server: send the header x-dev-outbox-token with the token in the file dev-outbox-token in DATA_DIR (or DEV_OUTBOX_TOKEN when it is set). The codes are also printed in the server log.',
          code: 'must_be_authenticated',
        },
        401,
      )
    }
    return c.json({ messages: outbox.list(c.req.valid('query').to) })
  })
}
