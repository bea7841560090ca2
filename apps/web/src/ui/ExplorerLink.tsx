type Props = {
  /** The transaction's page on its explorer; null for a local chain, which no explorer sees. */
  url: string | null
  /** The explorer's name ('Basescan', 'Solana Explorer'). */
  name: string | null
}

/** "View on Basescan", opening the transaction's page in a new tab; nothing for a local chain or an odd link. */
export function ExplorerLink({ url, name }: Props) {
  if (!url || !name || !isWebLink(url)) return null
  return (
    <a className="explorer-link" href={url} target="_blank" rel="noopener noreferrer">
      View on {name}
    </a>
  )
}

/** Only a web page is a link here: never a `javascript:` or `data:` address, whoever configured the explorer. */
function isWebLink(url: string): boolean {
  try {
    const { protocol } = new URL(url)
    return protocol === 'https:' || protocol === 'http:'
  } catch {
    return false
  }
}
