import type { Address } from 'viem'

/**
 * A chain as Charter knows it: viem's `Chain` plus the `network` slug that viem 2 dropped.
 * Every field is one viem's clients read, so a `ChainDefinition` can be handed to `createPublicClient` as is.
 */
export type ChainDefinition = {
  id: number
  name: string
  /** A stable, URL-safe slug (viem 1's `network`), e.g. `arbitrum-sepolia`. */
  network: string
  nativeCurrency: { name: string; symbol: string; decimals: number }
  rpcUrls: {
    default: { http: readonly string[] }
    public?: { http: readonly string[] }
  }
  blockExplorers: { default: { name: string; url: string } }
  /**
   * Set on test chains. Typed `boolean` rather than `true` because viem writes `testnet: false` on some
   * mainnets (Linea, Celo); read it through `isTestnet`.
   */
  testnet?: boolean
  contracts?: { multicall3?: { address: Address; blockCreated?: number } }
}
