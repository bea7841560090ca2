import type { SolanaCluster } from '@charter/core'
import type { Chains } from './Chains.ts'
import type { ServedChain } from './ServedChain.ts'

/** Each public Solana cluster's genesis hash: CAIP-2 names a Solana chain by it (its first 32 characters). */
const solanaGenesisHashes: Record<SolanaCluster, string> = {
  'mainnet-beta': '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdpKuc147dw2N9d',
  devnet: 'EtWTRABZaYq6iMfeYKouRu166VU2xqa1wcaWoxPkrZBG',
  testnet: '4uhcVJyU9pJkvQyS88uRDiswHXSCkY3zQawwpjk2NsNY',
}

/**
 * The chain this server offers under a CAIP-2 id: `eip155:<chain id>`, or `solana:<genesis hash>` (whole or cut
 * to CAIP-2's 32 characters) of a public cluster. Undefined for a chain not offered, and for a genesis hash no
 * public cluster has (a local devnet's own), which no explorer knows either.
 */
export function chainOfCaip2(chains: Chains, caip2: string): ServedChain | undefined {
  const [namespace, reference] = caip2.split(':', 2)
  if (!reference) return undefined
  if (namespace === 'eip155') {
    const chain = /^[1-9]\d{0,9}$/.test(reference) ? chains.find(reference) : undefined
    return chain?.info.type === 'ethereum' ? chain : undefined
  }
  if (namespace === 'solana' && reference.length >= 32) {
    const cluster = (Object.keys(solanaGenesisHashes) as SolanaCluster[]).find((each) =>
      solanaGenesisHashes[each].startsWith(reference),
    )
    const chain = cluster && chains.find(cluster)
    return chain?.info.type === 'solana' ? chain : undefined
  }
  return undefined
}
