import type { Address } from 'viem'
import type { SolanaCluster } from '../chains/solanaClusters.ts'

/** An EVM chain to read balances on: where to ask, and which USDC contract to read. */
export type EvmBalanceChain = {
  type: 'ethereum'
  id: number
  rpcUrl: string
  /** The chain's USDC contract (6 decimals); none: no USDC balance is read (`usdc: null`). */
  usdc?: Address | undefined
  /**
   * Multicall3's address (every supported chain has it at `multicall3Address`); `null` reads with one JSON-RPC
   * batch of `eth_getBalance` and `eth_call` instead, for a chain without Multicall3. Either way one request.
   */
  multicall3?: Address | null | undefined
}

/** A Solana cluster to read balances on. */
export type SolanaBalanceChain = {
  type: 'solana'
  id: SolanaCluster
  rpcUrl: string
  /** The cluster's USDC mint; none: no USDC balance is read (`usdc: null`). */
  usdcMint?: string | undefined
}

export type BalanceChain = EvmBalanceChain | SolanaBalanceChain
