import type { SolanaCluster } from '@charter/core'
import type { PartStatus } from '../parts/Part.ts'
import type { PublicChain, ServedChain } from './ServedChain.ts'

/** One chain as /api/health reports it: never its URL. */
export type ChainHealth = {
  id: number | SolanaCluster
  name: string
  /** `local devnet` (this server runs it) or `remote`. */
  kind: 'local devnet' | 'remote'
  /** Block height (EVM) or slot (Solana), as a decimal string; undefined when it could not be read. */
  height: string | undefined
  /** Why the height could not be read. */
  problem?: string
}

/**
 * The chains this server offers (`chains/`, an outside service): local devnets in embedded mode, remote nodes
 * from the settings in production. Routes read it; the proxy and the balance reader reach each chain's node
 * through `find(id).rpcUrl`, which only the server sees.
 */
export type Chains = {
  readonly mode: 'embedded' | 'production'
  readonly chains: readonly ServedChain[]
  /** What `GET /api/v1/chains` shows. */
  list(): PublicChain[]
  /** A chain by the id a path carries: `84532`, or a Solana cluster name; undefined when not offered. */
  find(id: string): ServedChain | undefined
  /** Each chain's height for /api/health, read with a short timeout and kept briefly. */
  health(): Promise<ChainHealth[]>
  /** /api/health's line for the chains, from the last reading (a new one is started when it is stale). */
  describe(): PartStatus
  /** Stops what this service runs (the local devnets); nothing for remote chains. */
  close(): Promise<void>
}
