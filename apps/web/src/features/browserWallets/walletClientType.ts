/**
 * The wallet's name as Privy's `walletClientType` writes it: lower case, words joined by `_` ('MetaMask' →
 * 'metamask', 'Coinbase Wallet' → 'coinbase_wallet'). 'unknown' for a name with no letters or digits.
 */
export function walletClientType(name: string): string {
  const slug = name
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, 64)
  return slug || 'unknown'
}
