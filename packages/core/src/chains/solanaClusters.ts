export type SolanaCluster = 'mainnet-beta' | 'devnet' | 'testnet'

export type SolanaClusterDefinition = {
  cluster: SolanaCluster
  name: string
  /** The cluster's public JSON-RPC endpoint: rate-limited, fine for a few balance reads, not for production load. */
  rpcUrl: string
  testnet: boolean
  /**
   * CAIP-2 id: `solana:` and the first 32 characters of the cluster's genesis hash, as wallet APIs (Privy's
   * `signAndSendTransaction`) name the cluster a send goes to.
   */
  caip2: `solana:${string}`
}

export const solanaClusters = {
  'mainnet-beta': {
    cluster: 'mainnet-beta',
    name: 'Solana',
    rpcUrl: 'https://api.mainnet-beta.solana.com',
    testnet: false,
    caip2: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
  },
  devnet: {
    cluster: 'devnet',
    name: 'Solana Devnet',
    rpcUrl: 'https://api.devnet.solana.com',
    testnet: true,
    caip2: 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1',
  },
  testnet: {
    cluster: 'testnet',
    name: 'Solana Testnet',
    rpcUrl: 'https://api.testnet.solana.com',
    testnet: true,
    caip2: 'solana:4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z',
  },
} as const satisfies Record<SolanaCluster, SolanaClusterDefinition>
