import { Hono } from 'hono'
import type { DevOutbox } from '../senders/DevOutbox.ts'

/** Embedded mode only (never mounted in production): the codes Charter would have sent. */
export function devRoutes(outbox: DevOutbox) {
  return new Hono().get('/outbox', (c) => c.json({ messages: outbox.list(c.req.query('to') || undefined) }))
}
