import type { Eip1193Provider, EthereumBrowserWallet } from './BrowserWallet.ts'
import { shownIcon } from './shownIcon.ts'

type Announcement = {
  info?: { uuid?: unknown; name?: unknown; icon?: unknown; rdns?: unknown }
  provider?: { request?: unknown }
}

/**
 * Finds the Ethereum wallets in this browser by EIP-6963: asks every wallet to announce itself
 * (`eip6963:requestProvider`) and hears each answer (`eip6963:announceProvider`), now and whenever a wallet loads
 * later. An announcement without a uuid, a name or a provider is passed over. Answers the way to stop listening.
 */
export function discoverEthereumWallets(onAnnounce: (wallet: EthereumBrowserWallet) => void): () => void {
  const listener = (event: Event) => {
    const { info, provider } = ((event as CustomEvent<Announcement>).detail ?? {}) as Announcement
    if (!info || typeof info.uuid !== 'string' || typeof info.name !== 'string' || !info.name.trim()) return
    if (!provider || typeof provider.request !== 'function') return
    onAnnounce({
      family: 'ethereum',
      id: info.uuid,
      name: info.name.trim(),
      icon: shownIcon(info.icon),
      rdns: typeof info.rdns === 'string' ? info.rdns : '',
      provider: provider as Eip1193Provider,
    })
  }
  window.addEventListener('eip6963:announceProvider', listener)
  window.dispatchEvent(new Event('eip6963:requestProvider'))
  return () => window.removeEventListener('eip6963:announceProvider', listener)
}
