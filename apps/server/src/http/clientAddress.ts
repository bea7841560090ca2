import { getConnInfo } from '@hono/node-server/conninfo'
import type { Context } from 'hono'

/**
 * The caller's IP address, for throttling. X-Forwarded-For is believed only behind proxies you run
 * (TRUST_PROXY = how many), since any client can write that header: each of your proxies appends the address
 * it saw, so the client is the entry that many places from the end, and whatever stands before it is the
 * client's own say-so.
 */
export function clientAddress(c: Context, trustedProxies: number): string {
  if (trustedProxies > 0) {
    const hops = c.req.header('x-forwarded-for')?.split(',') ?? []
    const forwarded = hops.at(-Math.min(trustedProxies, hops.length))?.trim()
    if (forwarded) return forwarded.slice(0, 64)
  }
  try {
    return getConnInfo(c).remote.address ?? 'unknown'
  } catch {
    return 'unknown'
  }
}
