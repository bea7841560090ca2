import { type CharterUser, getEmailAccount, getPhoneAccount } from '@charter/core'
import { useQueryClient } from '@tanstack/react-query'
import { useId, useRef, useState } from 'react'
import { Link } from 'wouter'
import { CodeForm } from './CodeForm.tsx'
import { changeAccount } from './changeAccount.ts'
import { currentUserQueryKey } from './currentUserQueryOptions.ts'
import type { Destination, DestinationKind } from './Destination.ts'
import { EmailForm } from './EmailForm.tsx'
import { formatPhoneNumber } from './formatPhoneNumber.ts'
import { isSameDestination } from './isSameDestination.ts'
import { linkAccount } from './linkAccount.ts'
import { PhoneForm } from './PhoneForm.tsx'
import { emptyPhoneInput, type PhoneInput } from './PhoneInput.ts'
import { RequireSignIn } from './RequireSignIn.tsx'
import { announceSession } from './sessionChannel.ts'
import { useCodeFlow } from './useCodeFlow.ts'
import { useFocusOnMount } from './useFocusOnMount.ts'

const nouns = { phone: 'phone number', email: 'email address' } as const

function currentDestination(user: CharterUser, kind: DestinationKind): Destination | undefined {
  if (kind === 'phone') {
    const phone = getPhoneAccount(user)
    return phone && { kind: 'phone', phoneNumber: phone.phoneNumber }
  }
  const email = getEmailAccount(user)
  return email && { kind: 'email', email: email.address }
}

const show = (destination: Destination) =>
  destination.kind === 'phone' ? formatPhoneNumber(destination.phoneNumber) : destination.email

/** `/account/phone` and `/account/email`: add the kind the account lacks, or change the one it has. */
export function AccountAddressPage({ kind }: { kind: DestinationKind }) {
  return <RequireSignIn>{(user) => <AccountAddress key={kind} user={user} kind={kind} />}</RequireSignIn>
}

function AccountAddress({ user, kind }: { user: CharterUser; kind: DestinationKind }) {
  const queryClient = useQueryClient()
  const headingId = useId()
  const heading = useRef<HTMLHeadingElement>(null)
  useFocusOnMount(heading, true)
  // What the account had when the page opened: the change is from this one, even once the answer replaces it.
  const [from] = useState(() => currentDestination(user, kind))
  const [phone, setPhone] = useState<PhoneInput>(emptyPhoneInput)
  const [email, setEmail] = useState('')
  const [moveFocus, setMoveFocus] = useState(false)
  const flow = useCodeFlow({
    complete: (to, code) => (from ? changeAccount({ from, to }, code) : linkAccount(to, code)),
    onSuccess: (updated) => {
      queryClient.setQueryData(currentUserQueryKey, updated)
      announceSession({ type: 'account-changed' })
    },
  })
  const { state } = flow
  const noun = nouns[kind]
  const title = from ? `Change your ${noun}` : `Add ${kind === 'email' ? 'an' : 'a'} ${noun}`

  const refuse = (to: Destination) =>
    from && isSameDestination(from, to) ? `This is already your ${noun}.` : undefined
  const send = (to: Destination) => {
    setMoveFocus(true)
    void flow.send(to)
  }
  const pending = state.status === 'pending'
  const serverError = state.status === 'error' && state.action === 'send' ? state.error : undefined

  return (
    <section className="card stack" aria-labelledby={headingId}>
      <h1 id={headingId} ref={heading} tabIndex={-1}>
        {title}
      </h1>
      {state.status === 'success' ? (
        <div className="stack">
          <p role="status">
            Done: your {noun} is now <strong className="breakable">{show(state.destination)}</strong>. You can
            sign in with it from now on.
          </p>
          <div className="actions">
            <Link href="/" className="button">
              Back to home
            </Link>
          </div>
        </div>
      ) : 'sent' in state ? (
        <CodeForm
          flow={flow}
          heading="Enter the code"
          submitLabel={from ? `Change ${noun}` : `Add ${noun}`}
          changeAddressLabel={kind === 'phone' ? 'Use a different number' : 'Use a different email'}
        />
      ) : (
        <>
          <p>
            {from ? (
              <>
                Now: <strong className="breakable">{show(from)}</strong>. We will send a code to the new{' '}
                {noun} to make sure it is yours; the old one stops working for sign-in.
              </>
            ) : (
              <>Then you can sign in with either. We will send a code to make sure it is yours.</>
            )}
          </p>
          {kind === 'phone' ? (
            <PhoneForm
              label={from ? 'New phone number' : 'Phone number'}
              hint="We’ll text a 6-digit code to this number."
              submitLabel="Send code"
              value={phone}
              onValueChange={setPhone}
              onSubmit={send}
              refuse={refuse}
              pending={pending}
              serverError={serverError}
              focusOnMount={moveFocus}
            >
              <Link href="/" className="link-button">
                Cancel
              </Link>
            </PhoneForm>
          ) : (
            <EmailForm
              label={from ? 'New email address' : 'Email address'}
              hint="We’ll email a 6-digit code to this address."
              submitLabel="Send code"
              value={email}
              onValueChange={setEmail}
              onSubmit={send}
              refuse={refuse}
              pending={pending}
              serverError={serverError}
              focusOnMount={moveFocus}
            >
              <Link href="/" className="link-button">
                Cancel
              </Link>
            </EmailForm>
          )}
        </>
      )}
    </section>
  )
}
