import type { OnrampNetwork } from '@charter/core'

/** The on-ramp's networks as a person names them (the on-ramp's own ids are not words: 'avacchain'). */
export const onrampNetworkNames: Record<OnrampNetwork, string> = {
  ethereum: 'Ethereum',
  arbitrum: 'Arbitrum',
  base: 'Base',
  optimism: 'OP Mainnet',
  polygon: 'Polygon',
  avacchain: 'Avalanche C-Chain',
  celo: 'Celo',
  solana: 'Solana',
}
