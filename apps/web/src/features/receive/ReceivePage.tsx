import type { CharterUser, EmbeddedWalletAccount } from '@charter/core'
import { useId } from 'react'
import { ShortAddress } from '../../ui/index.ts'
import { RequireSignIn } from '../auth/index.ts'
import { chainTypeNames, userWallets, WalletPage } from '../wallet/index.ts'
import { QrCode } from './QrCode.tsx'

const networks = {
  ethereum:
    'Use it on Ethereum and every EVM network Charter supports (Base, Arbitrum, Optimism, Polygon, …).',
  solana: 'Use it on Solana only.',
} as const

/** `/wallet/receive`: each wallet's address, short with a copy button, in full on request, and as a QR code. */
export function ReceivePage() {
  return <RequireSignIn>{(user) => <Receive user={user} />}</RequireSignIn>
}

function Receive({ user }: { user: CharterUser }) {
  const wallets = userWallets(user)
  return (
    <WalletPage title="Receive">
      <p>Share an address, or let the sender scan its code. Send only tokens of that network to it.</p>
      <div className="receive-grid">
        {wallets.ethereum && <ReceiveAddress wallet={wallets.ethereum} />}
        {wallets.solana && <ReceiveAddress wallet={wallets.solana} />}
      </div>
      {!wallets.ethereum && !wallets.solana && (
        <p className="muted">Your wallets are not there yet. Reload the page in a moment.</p>
      )}
    </WalletPage>
  )
}

function ReceiveAddress({ wallet }: { wallet: EmbeddedWalletAccount }) {
  const headingId = useId()
  const name = chainTypeNames[wallet.chain_type]
  return (
    <section className="receive-card stack" aria-labelledby={headingId}>
      <h2 id={headingId}>{name} address</h2>
      <QrCode text={wallet.address} label={`QR code of your ${name} address`} />
      <ShortAddress address={wallet.address} what={`${name} address`} />
      <details className="full-address">
        <summary>Show the whole address</summary>
        <code className="address breakable">{wallet.address}</code>
      </details>
      <p className="field-hint">{networks[wallet.chain_type]}</p>
    </section>
  )
}
