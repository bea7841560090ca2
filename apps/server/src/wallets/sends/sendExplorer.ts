import type { Chains } from '../../chains/Chains.ts'
import { chainOfCaip2 } from '../../chains/chainOfCaip2.ts'
import { explorerTxUrl } from '../../chains/explorerTxUrl.ts'

/** What names a send's chain: its CAIP-2 id where the row has one (Solana's too), else its EVM chain id. */
export type SendChainRef = { caip2?: string | null; chainId?: number | null; hash: string }

/** The send's CAIP-2 id. */
export const sendCaip2 = (send: SendChainRef): string => send.caip2 ?? `eip155:${send.chainId}`

/**
 * Where a send can be looked up: its explorer's name and its transaction's page there; null on a local devnet
 * (or a chain this server no longer offers), where the hash alone is what there is to show.
 */
export function sendExplorer(chains: Chains, send: SendChainRef): { name: string; url: string } | null {
  const chain = chainOfCaip2(chains, sendCaip2(send))
  const url = chain && explorerTxUrl(chain.info, send.hash)
  return chain?.info.explorer && url ? { name: chain.info.explorer.name, url } : null
}
