import type { PublicChain } from './ServedChain.ts'

/**
 * Where a transaction (EVM hash, Solana signature) is shown on its chain's explorer: the explorer's `/tx/<hash>`
 * page, keeping the query the explorer's address carries (Solana Explorer names its cluster in `?cluster=`, so
 * the link must not be built by appending text). Null for a chain no explorer sees (a local devnet).
 */
export function explorerTxUrl(chain: PublicChain, hash: string): string | null {
  if (chain.local || !chain.explorer) return null
  const url = new URL(chain.explorer.url)
  url.pathname = `${url.pathname.replace(/\/+$/, '')}/tx/${encodeURIComponent(hash)}`
  url.hash = ''
  return url.toString()
}
