import { useId, useState } from 'react'
import type { CodeFlow, Destination } from '../auth/index.ts'
import { CodeForm, isSameDestination, showDestination } from '../auth/index.ts'
import type { AddressDraft } from './AddressDraft.ts'
import { AddressForm } from './AddressForm.tsx'
import { addressNouns } from './addressNouns.ts'

type Props = {
  /** Sends the code to the new address and hands it on, unchecked: step 2 sends it with the change. */
  flow: CodeFlow<string>
  /** The address being changed. */
  from: Destination
  draft: AddressDraft
  onDraftChange: (draft: AddressDraft) => void
  /** Back here from step 2: focus goes to the field. */
  moveFocus: boolean
}

/** Step 1 of a change: the new address, and the code sent to it, which shows it is theirs. */
export function NewAddressStep({ flow, from, draft, onDraftChange, moveFocus }: Props) {
  const headingId = useId()
  // Back from the code screen, focus goes to the field again; not when the step first shows.
  const [acted, setActed] = useState(false)
  const { state } = flow
  const noun = addressNouns[from.kind]

  if ('sent' in state) {
    return (
      <CodeForm
        flow={flow}
        heading="Step 1 of 2: enter the code"
        submitLabel="Continue"
        typed
        changeAddressLabel={from.kind === 'phone' ? 'Change number' : 'Change email'}
      />
    )
  }
  return (
    <section className="stack" aria-labelledby={headingId}>
      <h2 id={headingId}>Step 1 of 2: your new {noun}</h2>
      <p>
        Now: <strong className="breakable">{showDestination(from)}</strong>. A change takes two codes: first
        one to your new {noun}, to make sure it is yours; then one to an address you already have, to confirm
        it is you. The old {noun} then stops working for sign-in.
      </p>
      <AddressForm
        kind={from.kind}
        label={from.kind === 'phone' ? 'New phone number' : 'New email address'}
        draft={draft}
        onDraftChange={onDraftChange}
        onSubmit={(to) => {
          setActed(true)
          void flow.send(to)
        }}
        refuse={(to) => (isSameDestination(from, to) ? `This is already your ${noun}.` : undefined)}
        pending={state.status === 'pending'}
        serverError={state.status === 'error' ? state.error : undefined}
        focusOnMount={moveFocus || acted}
      />
    </section>
  )
}
