import { isSolanaCluster, solanaClusters } from '@charter/core'
import type { Chains } from '../../../chains/Chains.ts'
import type { ServedChain } from '../../../chains/ServedChain.ts'

/** A Solana chain's CAIP-2 id (`solana:<genesis hash, 32 characters>`); undefined for an EVM chain. */
export function solanaCaip2(chain: ServedChain): string | undefined {
  const { id } = chain.info
  return chain.info.type === 'solana' && isSolanaCluster(id) ? solanaClusters[id].caip2 : undefined
}

/**
 * The Solana chain this server offers under `caip2`, and the CAIP-2 ids of all it offers. The local devnet
 * stands in for devnet and answers to devnet's id, as the clients that name it (Privy's) hard-code it.
 */
export function findSolanaChain(
  chains: Chains,
  caip2: string | undefined,
): { chain: ServedChain | undefined; offered: string[] } {
  const offered = chains.chains.flatMap((chain) => solanaCaip2(chain) ?? [])
  const chain = chains.chains.find((each) => caip2 !== undefined && solanaCaip2(each) === caip2)
  return { chain, offered }
}
