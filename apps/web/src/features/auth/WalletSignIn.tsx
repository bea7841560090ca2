import { useCallback, useEffect, useId, useRef } from 'react'
import { useFocusOnMount } from '../../lib/useFocusOnMount.ts'
import type { WalletProof } from '../browserWallets/index.ts'
import { WalletPicker } from '../browserWallets/index.ts'
import { SignedOutNoticeBox, useFinishSignIn } from '../session/index.ts'
import { loadWalletKeys } from './loadWalletKeys.ts'
import { signInWithWallet } from './signInWithWallet.ts'

/**
 * The sign-in screen's "Continue with a wallet": pick a wallet of this browser, sign the message it shows, and
 * be signed in (or up) as with a code, the session bound to this browser's device key.
 */
export function WalletSignIn({ onUseCode }: { onUseCode: () => void }) {
  const finish = useFinishSignIn()
  const headingId = useId()
  const heading = useRef<HTMLHeadingElement>(null)
  // Opened by a button that is now gone: the heading takes focus, where the person reads on.
  useFocusOnMount(heading, true)
  // The device key is made once the wallet has signed: have its code ready by then.
  useEffect(() => {
    void loadWalletKeys()
  }, [])
  const complete = useCallback(
    async (proof: WalletProof) => {
      finish(await signInWithWallet(proof))
    },
    [finish],
  )
  return (
    <section className="stack sign-in" aria-labelledby={headingId}>
      <h2 id={headingId} ref={heading} tabIndex={-1}>
        Continue with a wallet
      </h2>
      <SignedOutNoticeBox />
      <p className="muted">
        Choose your wallet. It asks you to sign a message that proves the wallet is yours; signing costs
        nothing and sends nothing. New here? The same steps make your account.
      </p>
      <WalletPicker
        statement="Sign in to Charter."
        complete={complete}
        failureHeading={(name) => `Could not sign in with ${name}`}
        noWalletNote={<p>No wallet? A phone number or email address works without one.</p>}
      />
      <button type="button" className="link-button" onClick={onUseCode}>
        Use a phone number or email instead
      </button>
    </section>
  )
}
