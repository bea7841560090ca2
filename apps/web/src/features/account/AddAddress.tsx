import { useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import type { Destination, DestinationKind } from '../auth/index.ts'
import { CodeForm, sendCode, useCodeFlow } from '../auth/index.ts'
import { announceSession, currentUserQueryKey } from '../session/index.ts'
import { type AddressDraft, emptyAddressDraft } from './AddressDraft.ts'
import { AddressForm } from './AddressForm.tsx'
import { AddressSaved } from './AddressSaved.tsx'
import { addressNouns } from './addressNouns.ts'
import { linkAccount } from './linkAccount.ts'
import type { SignedPoster } from './SignedPoster.ts'

type Props = { kind: DestinationKind; proxy: SignedPoster }

/** Adds the phone number or email address the account lacks, proven by a code sent to it. */
export function AddAddress({ kind, proxy }: Props) {
  const queryClient = useQueryClient()
  const [draft, setDraft] = useState<AddressDraft>(emptyAddressDraft)
  const [moveFocus, setMoveFocus] = useState(false)
  const flow = useCodeFlow({
    deliver: (to) => sendCode(to, 'link'),
    complete: (to, code) => linkAccount(proxy, to, code),
    onSuccess: (updated) => {
      queryClient.setQueryData(currentUserQueryKey, updated)
      announceSession({ type: 'account-changed' })
    },
  })
  const { state } = flow
  const noun = addressNouns[kind]

  if (state.status === 'success') return <AddressSaved destination={state.destination} />
  if ('sent' in state) {
    return (
      <CodeForm
        flow={flow}
        heading="Enter the code"
        submitLabel={`Add ${noun}`}
        typed
        changeAddressLabel={kind === 'phone' ? 'Change number' : 'Change email'}
      />
    )
  }
  const send = (to: Destination) => {
    setMoveFocus(true)
    void flow.send(to)
  }
  return (
    <>
      <p>Then you can sign in with either. We will send a code to make sure it is yours.</p>
      <AddressForm
        kind={kind}
        label={kind === 'phone' ? 'Phone number' : 'Email address'}
        draft={draft}
        onDraftChange={setDraft}
        onSubmit={send}
        pending={state.status === 'pending'}
        serverError={state.status === 'error' ? state.error : undefined}
        focusOnMount={moveFocus}
      />
    </>
  )
}
