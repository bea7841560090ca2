import { Hono } from 'hono'
import { describeParts, type Part, type PartStatus } from '../parts/Part.ts'
import type { Mode } from '../settings/env.ts'

export type { PartStatus } from '../parts/Part.ts'

export type Health = {
  /** `degraded` when a part is in `error` (wallets this server cannot open, say): it answers, but not fully. */
  status: 'ok' | 'degraded'
  version: string
  mode: Mode
  /** Sent back as `privy-app-id` on wallet requests, and the audience of access tokens. */
  appId: string
  parts: Record<string, PartStatus>
}

/** Each part of the registry reports its own state (database, senders, wallets, …), asked on each request. */
export function healthRoutes(options: {
  version: string
  mode: Mode
  appId: string
  parts: () => readonly Part[]
}) {
  return new Hono().get('/', (c) => {
    const parts = describeParts(options.parts())
    return c.json<Health>({
      status: Object.values(parts).some((part) => part.status === 'error') ? 'degraded' : 'ok',
      version: options.version,
      mode: options.mode,
      appId: options.appId,
      parts,
    })
  })
}
