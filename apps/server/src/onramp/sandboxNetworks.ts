import type { OnrampNetwork } from '@charter/core'

/**
 * The local devnet that stands, in the sandbox, for each mainnet network the on-ramp sells on: Base Sepolia's
 * devnet for `base`, Arbitrum Sepolia's for `arbitrum`, the local Solana cluster (`devnet`) for `solana`.
 */
export const sandboxChainByNetwork = {
  base: 84532,
  arbitrum: 421614,
  solana: 'devnet',
} as const satisfies Partial<Record<OnrampNetwork, number | string>>

export type SandboxNetwork = keyof typeof sandboxChainByNetwork

/** The on-ramp network a local devnet stands for in the sandbox, or undefined. */
export function sandboxNetworkOf(chainId: number | string): SandboxNetwork | undefined {
  const found = Object.entries(sandboxChainByNetwork).find(([, id]) => id === chainId)
  return found?.[0] as SandboxNetwork | undefined
}

/** How the sandbox page names a network: `base` is "Base". */
export const sandboxNetworkNames: Record<SandboxNetwork, string> = {
  base: 'Base',
  arbitrum: 'Arbitrum',
  solana: 'Solana',
}
