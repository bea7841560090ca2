/** The names the usual wallets give themselves, for the slugs their clients send. */
const knownNames: Record<string, string> = {
  metamask: 'MetaMask',
  phantom: 'Phantom',
  coinbase_wallet: 'Coinbase Wallet',
  rabby_wallet: 'Rabby',
  rainbow: 'Rainbow',
  solflare: 'Solflare',
  backpack: 'Backpack',
  trust: 'Trust Wallet',
  okx_wallet: 'OKX Wallet',
  wallet_connect: 'WalletConnect',
}

/**
 * How to name a linked wallet's app from its `wallet_client_type` ('metamask' → 'MetaMask'): the usual
 * wallets by their own spelling, any other by its words capitalised ('test_wallet' → 'Test Wallet').
 */
export function walletAppName(walletClientType: string): string {
  const known = knownNames[walletClientType]
  if (known) return known
  const words = walletClientType.split(/[_\-.\s]+/).filter(Boolean)
  if (words.length === 0) return 'Wallet'
  return words.map((word) => word.charAt(0).toUpperCase() + word.slice(1)).join(' ')
}
