import { Hono } from 'hono'
import type { Mode } from '../env.ts'

export type PartStatus = { status: 'ok' | 'missing' | 'error'; detail?: string }

export type Health = {
  status: 'ok'
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
  return new Hono().get('/', (c) =>
    c.json<Health>({
      status: 'ok',
      version: options.version,
      mode: options.mode,
      appId: options.appId,
      parts: options.parts(),
    }),
  )
}
