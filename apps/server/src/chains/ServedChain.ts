import type { SolanaCluster } from '@charter/core'
import type { LocalChain } from '../devnets/LocalChain.ts'

/** A chain as `GET /api/v1/chains` shows it to anyone: nothing secret, never its RPC URL. */
export type PublicChain = {
  /** The EVM chain id, or the Solana cluster's name. */
  id: number | SolanaCluster
  type: 'ethereum' | 'solana'
  name: string
  nativeCurrency: { name: string; symbol: string; decimals: number }
  /** USDC's contract (EVM) or mint (Solana) on this chain; `null` where there is none. */
  usdc: { address: string; decimals: number } | null
  /** Where a transaction can be looked up; `null` for a local chain, which no explorer sees. */
  explorer: { name: string; url: string } | null
  testnet: boolean
  /** A devnet this server runs itself (embedded mode). */
  local: boolean
  /** Charter's RPC proxy for this chain, on the server's own origin. */
  rpcPath: string
}

/** A chain this server offers: what anyone may see of it, and what only the server holds. */
export type ServedChain = {
  info: PublicChain
  /** The URL the server sends this chain's JSON-RPC to; it may carry an API key (show it with `redactRpcUrl`). */
  rpcUrl: string
  /** The running devnet behind a local chain (embedded mode); undefined for a remote one. */
  local: LocalChain | undefined
}
