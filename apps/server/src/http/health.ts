import { Hono } from 'hono'
import type { Mode } from '../env.ts'

export type PartStatus = { status: 'ok' | 'missing' | 'error'; detail?: string; unopenable?: number }

export type Health = {
  /** `degraded` when a part is in `error` (wallets this server cannot open, say): it answers, but not fully. */
  status: 'ok' | 'degraded'
  version: string
  mode: Mode
  /** Sent back as `privy-app-id` on wallet requests, and the audience of access tokens. */
  appId: string
  parts: Record<string, PartStatus>
}

/** `parts` grows as the server gains parts (database, chains, pinning, …); each reports its own state. */
export function healthRoutes(options: {
  version: string
  mode: Mode
  appId: string
  parts: () => Record<string, PartStatus>
}) {
  return new Hono().get('/', (c) => {
    const parts = options.parts()
    return c.json<Health>({
      status: Object.values(parts).some((part) => part.status === 'error') ? 'degraded' : 'ok',
      version: options.version,
      mode: options.mode,
      appId: options.appId,
      parts,
    })
  })
}
