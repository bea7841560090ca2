import type { BrowserWallet } from './BrowserWallet.ts'

const familyNames = { ethereum: 'Ethereum', solana: 'Solana' } as const

/** The wallets found in this browser, each a button with the wallet's own name and icon, and its chain. */
export function WalletList({
  wallets,
  onChoose,
}: {
  wallets: readonly BrowserWallet[]
  onChoose: (wallet: BrowserWallet) => void
}) {
  return (
    <ul className="wallet-list" aria-label="Wallets in this browser">
      {wallets.map((wallet) => (
        <li key={wallet.id}>
          <button type="button" className="wallet-choice" onClick={() => onChoose(wallet)}>
            {wallet.icon ? (
              <img className="wallet-icon" src={wallet.icon} alt="" width="32" height="32" />
            ) : (
              <span className="wallet-icon" aria-hidden="true" />
            )}
            <span className="wallet-name">{wallet.name}</span>{' '}
            <span className="wallet-hint">{familyNames[wallet.family]}</span>
          </button>
        </li>
      ))}
    </ul>
  )
}
