import type { SolanaCluster } from '../chains/solanaClusters.ts'

/** USDC's mint per Solana cluster. Circle has none on testnet: the empty string says so; ask through `getSolanaUsdcMint`. */
export const solanaUsdcMints = {
  'mainnet-beta': 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v',
  devnet: '4zMMC9srt5Ri5X14GAgXhaHii3GnPAEERYPJgZJDncDU',
  testnet: '',
} as const satisfies Record<SolanaCluster, string>
