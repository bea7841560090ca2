import { timingSafeEqual } from 'node:crypto'
import { Hono } from 'hono'
import type { DevOutbox } from '../senders/DevOutbox.ts'

const sameText = (a: string, b: string) => {
  const left = Buffer.from(a)
  const right = Buffer.from(b)
  return left.length === right.length && timingSafeEqual(left, right)
}

/**
 * Embedded mode only (never mounted in production): the codes Charter would have sent. Off loopback it answers
 * only to the `DEV_OUTBOX_TOKEN` in `x-dev-outbox-token`, since anyone who reads it can sign in as anyone.
 */
export function devRoutes(outbox: DevOutbox, token: string | undefined) {
  return new Hono().get('/outbox', (c) => {
    if (token !== undefined && !sameText(c.req.header('x-dev-outbox-token') ?? '', token)) {
      return c.json(
        {
          error: 'The dev outbox needs the header x-dev-outbox-token with DEV_OUTBOX_TOKEN.',
          code: 'must_be_authenticated',
        },
        401,
      )
    }
    return c.json({ messages: outbox.list(c.req.query('to') || undefined) })
  })
}
