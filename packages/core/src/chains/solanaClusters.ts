export type SolanaCluster = 'mainnet-beta' | 'devnet' | 'testnet'

export type SolanaClusterDefinition = {
  cluster: SolanaCluster
  name: string
  /** The cluster's public JSON-RPC endpoint: rate-limited, fine for a few balance reads, not for production load. */
  rpcUrl: string
  testnet: boolean
}

export const solanaClusters = {
  'mainnet-beta': {
    cluster: 'mainnet-beta',
    name: 'Solana',
    rpcUrl: 'https://api.mainnet-beta.solana.com',
    testnet: false,
  },
  devnet: {
    cluster: 'devnet',
    name: 'Solana Devnet',
    rpcUrl: 'https://api.devnet.solana.com',
    testnet: true,
  },
  testnet: {
    cluster: 'testnet',
    name: 'Solana Testnet',
    rpcUrl: 'https://api.testnet.solana.com',
    testnet: true,
  },
} as const satisfies Record<SolanaCluster, SolanaClusterDefinition>
