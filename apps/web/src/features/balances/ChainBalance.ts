import type { Balances } from '@charter/core'
import type { OfferedChain } from './chainsApi.ts'

/** What a chain's row knows of its balances: an answer (possibly older than a failed refresh), or none yet. */
export type ChainBalanceState = {
  chain: OfferedChain
  /** Undefined while loading, for a chain that failed before any answer, or without an address of its type. */
  balance: Balances | undefined
  status: 'loading' | 'ready' | 'failed'
  /** Reading again now (a refresh, a retry): what is shown stays. */
  refreshing: boolean
  retry: () => void
}
