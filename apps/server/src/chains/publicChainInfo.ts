import {
  getChain,
  getSolanaUsdcMint,
  getStablecoin,
  type SolanaCluster,
  type SupportedChainId,
  solanaClusters,
  solanaUsdcMints,
} from '@charter/core'
import type { PublicChain } from './ServedChain.ts'

const rpcPath = (id: number | string) => `/api/v1/rpc/${id}`

/** What anyone may know of an EVM chain Charter supports, from the core's tables. */
export function evmChainInfo(id: SupportedChainId, local: boolean): PublicChain {
  const chain = getChain(id)
  const usdc = getStablecoin(id)
  return {
    id,
    type: 'ethereum',
    name: chain.name,
    nativeCurrency: { ...chain.nativeCurrency },
    usdc: usdc ? { address: usdc.address, decimals: usdc.decimals } : null,
    explorer: local
      ? null
      : { name: chain.blockExplorers.default.name, url: chain.blockExplorers.default.url },
    testnet: chain.testnet === true,
    local,
    rpcPath: rpcPath(id),
  }
}

const solanaExplorer = (cluster: SolanaCluster) => ({
  name: 'Solana Explorer',
  url:
    cluster === 'mainnet-beta'
      ? 'https://explorer.solana.com'
      : `https://explorer.solana.com/?cluster=${cluster}`,
})

/** What anyone may know of a Solana cluster. */
export function solanaChainInfo(cluster: SolanaCluster, local: boolean): PublicChain {
  const definition = solanaClusters[cluster]
  return {
    id: cluster,
    type: 'solana',
    name: definition.name,
    nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 },
    usdc: solanaUsdcMints[cluster] ? { address: getSolanaUsdcMint(cluster), decimals: 6 } : null,
    explorer: local ? null : solanaExplorer(cluster),
    testnet: definition.testnet,
    local,
    rpcPath: rpcPath(cluster),
  }
}
