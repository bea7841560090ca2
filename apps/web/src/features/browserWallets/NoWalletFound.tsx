import type { ReactNode } from 'react'

/**
 * No wallet answered in this browser: what to install to use one, and (`children`) the way that needs none.
 */
export function NoWalletFound({ children }: { children?: ReactNode }) {
  return (
    <div className="wallet-note stack-small">
      <h3>No wallet found</h3>
      <p>
        This browser has no wallet Charter can use. To sign in with one, install a browser wallet such as
        MetaMask (Ethereum) or Phantom (Solana), then reload this page.
      </p>
      {children}
    </div>
  )
}
