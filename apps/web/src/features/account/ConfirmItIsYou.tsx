import type { CharterUser } from '@charter/core'
import { useState } from 'react'
import type { CodeFlow, Destination, DestinationKind } from '../auth/index.ts'
import { CodeForm, showDestination } from '../auth/index.ts'
import { AddressSaved } from './AddressSaved.tsx'
import { accountDestination } from './accountDestination.ts'
import { addressNouns } from './addressNouns.ts'
import { LostAddressHelp } from './LostAddressHelp.tsx'
import { StepUpStart } from './StepUpStart.tsx'

type Props = {
  /** Sends the confirmation code (`initStepUp`); its code makes the change. */
  flow: CodeFlow
  user: CharterUser
  /** The address being changed. */
  changing: Destination
  /** The new address, proven in step 1. */
  to: Destination
  /** Back to step 1: its code screen, or the new address as typed. */
  onBack: () => void
}

const otherKind = (kind: DestinationKind): DestinationKind => (kind === 'phone' ? 'email' : 'phone')

/**
 * Step 2 of a change: a code to an address the account already has, so someone holding only this session (an
 * unlocked phone, a shared computer) cannot move the account to an address of theirs. It goes to the account's
 * other kind of address when there is one (as the server would choose), and the person may pick the other.
 */
export function ConfirmItIsYou({ flow, user, changing, to, onBack }: Props) {
  const { state } = flow
  const [via, setVia] = useState<DestinationKind>(() =>
    accountDestination(user, otherKind(changing.kind)) ? otherKind(changing.kind) : changing.kind,
  )
  const noun = addressNouns[changing.kind]
  if (state.status === 'success') {
    return (
      <AddressSaved destination={to}>
        <p>
          Your other devices and browsers were signed out: sign in there again with your new {noun}. We told
          your old {noun} about the change.
        </p>
      </AddressSaved>
    )
  }

  const target =
    ('sent' in state ? state.sent.destination : undefined) ?? accountDestination(user, via) ?? changing
  const alternative = accountDestination(user, otherKind(target.kind))
  const send = (destination: Destination) => {
    setVia(destination.kind)
    void flow.send(destination)
  }

  if ('sent' in state) {
    return (
      <CodeForm
        flow={flow}
        heading="Step 2 of 2: confirm it is you"
        purpose="to confirm it is you"
        submitLabel={`Change ${noun}`}
        changeAddressLabel="Back"
      >
        {alternative && (
          <p>
            <button type="button" className="link-button" onClick={() => send(alternative)}>
              Send it to my {addressNouns[alternative.kind]} {showDestination(alternative)} instead
            </button>
          </p>
        )}
        <LostAddressHelp lost={target} changing={changing.kind} alternative={alternative} />
      </CodeForm>
    )
  }
  return (
    <StepUpStart
      changing={changing}
      to={to}
      via={target}
      alternative={alternative}
      onUseAlternative={() => alternative && setVia(alternative.kind)}
      onSend={() => send(target)}
      onBack={onBack}
      pending={state.status === 'pending'}
      error={state.status === 'error' ? state.error : undefined}
    />
  )
}
