import { useQueryClient } from '@tanstack/react-query'
import { useId, useState } from 'react'
import { focusMainContent } from '../../lib/focusMainContent.ts'
import { usePageTitle } from '../../lib/usePageTitle.ts'
import { CodeForm } from './CodeForm.tsx'
import { currentUserQueryKey } from './currentUserQueryOptions.ts'
import type { Destination, DestinationKind } from './Destination.ts'
import { EmailForm } from './EmailForm.tsx'
import { loadWalletKeys } from './loadWalletKeys.ts'
import { PhoneForm } from './PhoneForm.tsx'
import { emptyPhoneInput, type PhoneInput } from './PhoneInput.ts'
import { SignedOutNoticeBox } from './SignedOutNoticeBox.tsx'
import { announceSession } from './sessionChannel.ts'
import { setSignedOutNotice } from './signedOutNotice.ts'
import { signInWithCode } from './signInWithCode.ts'
import { useCodeFlow } from './useCodeFlow.ts'

/**
 * Sign in (or sign up: the first code makes the account) with a phone number or an email address and the
 * code sent to it. What was typed survives a trip to the code screen and back.
 */
export function SignIn() {
  const queryClient = useQueryClient()
  const [method, setMethod] = useState<DestinationKind>('phone')
  const [phone, setPhone] = useState<PhoneInput>(emptyPhoneInput)
  const [email, setEmail] = useState('')
  const headingId = useId()
  // Focus follows the person only after they act, never on first load.
  const [moveFocus, setMoveFocus] = useState(false)
  const flow = useCodeFlow({
    complete: signInWithCode,
    onSuccess: (user) => {
      queryClient.setQueryData(currentUserQueryKey, user)
      setSignedOutNotice(undefined)
      announceSession({ type: 'signed-in' })
      focusMainContent()
    },
  })
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
  const switchTo = (next: DestinationKind) => {
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
        >
          <button type="button" className="link-button" onClick={() => switchTo('phone')}>
            Use a phone number instead
          </button>
        </EmailForm>
      )}
    </section>
  )
}
