import type { SupportedChainId } from '../chains/evmChains.ts'
import type { OnrampNetwork } from './onrampNetworks.ts'

/**
 * The on-ramp network of each EVM mainnet it serves. Test networks have none: the on-ramp sells real funds
 * only, and a link for a mainnet would send them to a chain the user is not looking at.
 */
export const onrampNetworkByChainId = {
  1: 'ethereum',
  42161: 'arbitrum',
  8453: 'base',
  10: 'optimism',
  137: 'polygon',
  43114: 'avacchain',
  42220: 'celo',
} as const satisfies Partial<Record<SupportedChainId, OnrampNetwork>>
