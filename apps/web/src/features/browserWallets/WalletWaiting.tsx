import { useRef } from 'react'
import { useFocusOnMount } from '../../lib/useFocusOnMount.ts'

/** Waiting on the wallet's own window: what to answer there, where it may be hiding, and a way back. */
export function WalletWaiting({ walletName, onCancel }: { walletName: string; onCancel: () => void }) {
  const headingRef = useRef<HTMLHeadingElement>(null)
  useFocusOnMount(headingRef, true)
  return (
    <div className="wallet-note stack-small">
      <h3 ref={headingRef} tabIndex={-1}>
        Waiting for {walletName}
      </h3>
      <p role="status">Confirm the request in {walletName} to continue.</p>
      <p className="muted">Don’t see your wallet? Check your other browser windows.</p>
      <div className="actions">
        <button type="button" className="link-button" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </div>
  )
}
