import { getWallets } from '@wallet-standard/app'
import type { Wallet } from '@wallet-standard/base'
import type { SolanaBrowserWallet } from './BrowserWallet.ts'
import { shownIcon } from './shownIcon.ts'

/** Whether a wallet-standard wallet can sign a member in on Solana: it connects, and signs in or signs a message. */
export function canSignInOnSolana(wallet: Wallet): boolean {
  const { features } = wallet
  return (
    'standard:connect' in features &&
    ('solana:signIn' in features || 'solana:signMessage' in features) &&
    wallet.chains.some((chain) => chain.startsWith('solana:'))
  )
}

/**
 * Finds the Solana wallets in this browser through the wallet standard (`getWallets`, which speaks the
 * `wallet-standard:register-wallet` / `wallet-standard:app-ready` window events), now and as wallets register or
 * leave. Answers the way to stop listening.
 */
export function discoverSolanaWallets(onChange: (wallets: SolanaBrowserWallet[]) => void): () => void {
  const { get, on } = getWallets()
  const emit = () =>
    onChange(
      get()
        .filter(canSignInOnSolana)
        .map((wallet) => ({
          family: 'solana' as const,
          // A wallet app registers once per page, under its own name.
          id: `solana:${wallet.name}`,
          name: wallet.name,
          icon: shownIcon(wallet.icon),
          wallet,
        })),
    )
  const offRegister = on('register', emit)
  const offUnregister = on('unregister', emit)
  emit()
  return () => {
    offRegister()
    offUnregister()
  }
}
