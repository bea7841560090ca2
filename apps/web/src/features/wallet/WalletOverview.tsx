import { type CharterUser, type ExternalWalletAccount, isExternalWallet } from '@charter/core'
import { Link } from 'wouter'
import { ShortAddress, StatusMessage } from '../../ui/index.ts'
import { linkedWalletName } from './linkedWalletName.ts'
import { userWallets } from './userWallets.ts'
import { useWalletProxyState } from './useWalletProxyState.ts'
import { WalletErrorMessage } from './WalletErrorMessage.tsx'

export const chainTypeNames = { ethereum: 'Ethereum', solana: 'Solana' } as const

/**
 * The signed-in home's wallet card: both addresses, the wallet's state on this device, and its activity (export,
 * signing a message and the developers' page live on the Security page). Wallets the member linked show below
 * Charter's own, named as theirs ('MetaMask · linked'): Charter never signs or sends with them.
 */
export function WalletOverview({ user }: { user: CharterUser }) {
  const wallets = userWallets(user)
  const linked = user.linked_accounts.filter((account): account is ExternalWalletAccount =>
    isExternalWallet(account),
  )
  const proxy = useWalletProxyState()
  return (
    <section className="card stack" aria-labelledby="wallets-heading">
      <h2 id="wallets-heading">Wallets</h2>
      {!wallets.ethereum && !wallets.solana ? (
        <p className="muted">Your wallets are not there yet. Reload the page in a moment.</p>
      ) : (
        <ul className="wallet-list">
          {wallets.ethereum && (
            <li className="wallet-row">
              <span className="wallet-name">
                Ethereum <span className="wallet-hint">and other EVM networks</span>
              </span>
              <ShortAddress address={wallets.ethereum.address} what="Ethereum address" />
            </li>
          )}
          {wallets.solana && (
            <li className="wallet-row">
              <span className="wallet-name">Solana</span>
              <ShortAddress address={wallets.solana.address} what="Solana address" />
            </li>
          )}
        </ul>
      )}
      {linked.length > 0 && (
        <ul className="wallet-list" aria-label="Wallets you linked">
          {linked.map((wallet) => (
            <li key={`${wallet.chain_type}:${wallet.address}`} className="wallet-row">
              <span className="wallet-name">
                {linkedWalletName(wallet)}{' '}
                <span className="wallet-hint">{chainTypeNames[wallet.chain_type]}, your own wallet</span>
              </span>
              <ShortAddress
                address={wallet.address}
                what={`${chainTypeNames[wallet.chain_type]} address of the linked wallet`}
              />
            </li>
          ))}
        </ul>
      )}
      {proxy.status === 'pending' && <StatusMessage>Setting up your wallet on this device…</StatusMessage>}
      {proxy.status === 'error' && (
        <WalletErrorMessage error={proxy.error} title="Your wallet could not be set up on this device" />
      )}
      <p>
        <Link href="/wallet/activity">Activity</Link>: what your wallets signed, sent and received, newest
        first.
      </p>
      <p className="muted">
        Key export, signing a message and the developers’ page are under{' '}
        <Link href="/security">Security</Link>.
      </p>
    </section>
  )
}
