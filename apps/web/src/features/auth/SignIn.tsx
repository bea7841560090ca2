import { lazy, Suspense, useId, useState } from 'react'
import { usePageTitle } from '../../lib/usePageTitle.ts'
import { StatusMessage } from '../../ui/StatusMessage.tsx'
import { SignedOutNoticeBox, useFinishSignIn } from '../session/index.ts'
import { CodeForm } from './CodeForm.tsx'
import type { Destination, DestinationKind } from './Destination.ts'
import { EmailForm } from './EmailForm.tsx'
import { loadWalletKeys } from './loadWalletKeys.ts'
import { PhoneForm } from './PhoneForm.tsx'
import { emptyPhoneInput, type PhoneInput } from './PhoneInput.ts'
import { signInWithCode } from './signInWithCode.ts'
import { useCodeFlow } from './useCodeFlow.ts'

// Wallet sign-in's code (discovery, the message, the wallets' standards) loads when asked for, not with the page.
const WalletSignIn = lazy(() => import('./WalletSignIn.tsx').then((m) => ({ default: m.WalletSignIn })))
// So does the passkeys' (WebAuthn, and the screens that confirm with a passkey): the page shows first, then its
// button, and the address field's passkey suggestions start once it is there.
const PasskeySignIn = lazy(() => import('./PasskeySignIn.tsx').then((m) => ({ default: m.PasskeySignIn })))

/**
 * Sign in (or sign up: the first code makes the account) with a phone number or an email address and the
 * code sent to it, with a passkey the member added (the button, or the address field's suggestions), or with a
 * wallet the person already holds. What was typed survives a trip to the code screen and back.
 */
export function SignIn() {
  const [method, setMethod] = useState<DestinationKind | 'wallet'>('phone')
  const [phone, setPhone] = useState<PhoneInput>(emptyPhoneInput)
  const [email, setEmail] = useState('')
  const headingId = useId()
  // Focus follows the person only after they act, never on first load.
  const [moveFocus, setMoveFocus] = useState(false)
  const finishSignIn = useFinishSignIn()
  const flow = useCodeFlow({ complete: signInWithCode, onSuccess: finishSignIn })
  const { state } = flow
  // The page's title wherever a signed-out visitor meets this form: the home, or a page that needs a session.
  usePageTitle('sent' in state ? 'Enter your code' : 'Sign in')

  if ('sent' in state) {
    return (
      <CodeForm
        flow={flow}
        heading="Enter your code"
        submitLabel="Sign in"
        typed
        changeAddressLabel={state.sent.destination.kind === 'phone' ? 'Change number' : 'Change email'}
      />
    )
  }
  if (state.status === 'success') {
    return (
      <p className="status" role="status">
        You are signed in.
      </p>
    )
  }

  const pending = state.status === 'pending'
  const serverError = state.status === 'error' ? state.error : undefined
  const switchTo = (next: DestinationKind | 'wallet') => {
    flow.restart()
    setMethod(next)
    setMoveFocus(true)
  }
  const send = (destination: Destination) => {
    setMoveFocus(true)
    // The code screen comes next, and the key is made when its code is sent: have its code ready by then.
    void loadWalletKeys()
    void flow.send(destination)
  }

  if (method === 'wallet') {
    return (
      <Suspense fallback={<StatusMessage>Loading…</StatusMessage>}>
        <WalletSignIn onUseCode={() => switchTo('phone')} />
      </Suspense>
    )
  }

  return (
    <section className="stack sign-in" aria-labelledby={headingId}>
      <h2 id={headingId}>Sign in</h2>
      <SignedOutNoticeBox />
      <p className="muted">
        {method === 'phone'
          ? 'Enter your mobile number and we will text you a code. New here? The same steps make your account.'
          : 'Enter your email address and we will email you a code. New here? The same steps make your account.'}
      </p>
      {method === 'phone' ? (
        <PhoneForm
          key="phone"
          label="Phone number"
          hint="We’ll text you a 6-digit code."
          submitLabel="Send code"
          value={phone}
          onValueChange={setPhone}
          onSubmit={send}
          pending={pending}
          serverError={serverError}
          focusOnMount={moveFocus}
          autoComplete="tel webauthn"
        >
          <button type="button" className="link-button" onClick={() => switchTo('email')}>
            Use email instead
          </button>
        </PhoneForm>
      ) : (
        <EmailForm
          key="email"
          label="Email address"
          hint="We’ll email you a 6-digit code."
          submitLabel="Send code"
          value={email}
          onValueChange={setEmail}
          onSubmit={send}
          pending={pending}
          serverError={serverError}
          focusOnMount={moveFocus}
          autoComplete="username webauthn"
        >
          <button type="button" className="link-button" onClick={() => switchTo('phone')}>
            Use a phone number instead
          </button>
        </EmailForm>
      )}
      <Suspense fallback={null}>
        <PasskeySignIn />
      </Suspense>
      <div className="sign-in-other">
        <p className="muted">Already have a wallet such as MetaMask or Phantom?</p>
        <button type="button" className="button button-secondary" onClick={() => switchTo('wallet')}>
          Continue with a wallet
        </button>
      </div>
    </section>
  )
}
