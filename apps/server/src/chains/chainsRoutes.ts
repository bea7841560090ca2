import { Hono } from 'hono'
import type { Chains } from './Chains.ts'
import type { PublicChain } from './ServedChain.ts'

/**
 * `GET /chains`: the chains this server offers, for anyone (it tells nothing secret: no RPC URL, only the path of
 * Charter's own proxy for each). Local devnets keep their real names, with `local: true` and no explorer.
 */
export function chainsRoutes(chains: Chains) {
  return new Hono().get('/chains', (c) => c.json({ chains: chains.list() satisfies PublicChain[] }))
}
