import { useEffect, useState } from 'react'
import type { BrowserWallet, EthereumBrowserWallet, SolanaBrowserWallet } from './BrowserWallet.ts'
import { discoverEthereumWallets } from './discoverEthereumWallets.ts'
import { discoverSolanaWallets } from './discoverSolanaWallets.ts'

/** How long to listen before saying no wallet is there: wallets answer at once, a slow extension a little later. */
export const walletSearchMs = 600

export type BrowserWallets = {
  /** Ethereum wallets first, each family in the order the wallets made themselves known. */
  wallets: BrowserWallet[]
  /** True for the first moments, while a wallet that loads late may still answer. */
  searching: boolean
}

/** The wallets found in this browser (EIP-6963 and the wallet standard), kept current while mounted. */
export function useBrowserWallets(): BrowserWallets {
  const [ethereum, setEthereum] = useState<EthereumBrowserWallet[]>([])
  const [solana, setSolana] = useState<SolanaBrowserWallet[]>([])
  const [searching, setSearching] = useState(true)
  useEffect(() => {
    const stopEthereum = discoverEthereumWallets((wallet) =>
      // A wallet announces again each time it is asked: the newest announcement of a uuid replaces the older.
      setEthereum((found) => [...found.filter((each) => each.id !== wallet.id), wallet]),
    )
    const stopSolana = discoverSolanaWallets(setSolana)
    const timer = setTimeout(() => setSearching(false), walletSearchMs)
    return () => {
      stopEthereum()
      stopSolana()
      clearTimeout(timer)
    }
  }, [])
  return { wallets: [...ethereum, ...solana], searching }
}
