import type { SolanaCluster } from '../chains/solanaClusters.ts'
import { onrampNetworkByChainId } from './onrampNetworkByChainId.ts'
import type { OnrampNetwork } from './onrampNetworks.ts'

/**
 * The on-ramp's network name for an EVM chain id or a Solana cluster, or `undefined` where the on-ramp has
 * none (test networks, Linea, Solana devnet and testnet).
 */
export function getOnrampNetwork(chain: number | SolanaCluster): OnrampNetwork | undefined {
  if (typeof chain === 'string') return chain === 'mainnet-beta' ? 'solana' : undefined
  if (!Object.hasOwn(onrampNetworkByChainId, chain)) return undefined
  return onrampNetworkByChainId[chain as keyof typeof onrampNetworkByChainId]
}
