/**
 * A transaction's page on the chain's explorer: `<explorer>/tx/<hash>`, the query of a Solana cluster's explorer
 * (`?cluster=devnet`) kept after the path. Undefined for a chain without one (a local devnet).
 */
export function explorerTransactionUrl(
  explorer: { url: string } | null | undefined,
  hash: string,
): string | undefined {
  if (!explorer) return undefined
  const url = new URL(explorer.url)
  url.pathname = `${url.pathname.replace(/\/$/, '')}/tx/${encodeURIComponent(hash)}`
  return url.toString()
}
