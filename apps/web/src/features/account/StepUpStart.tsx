import { useId, useRef } from 'react'
import { Link } from 'wouter'
import type { ApiError } from '../../lib/api.ts'
import { useFocusOnMount } from '../../lib/useFocusOnMount.ts'
import type { Destination } from '../auth/index.ts'
import { showDestination } from '../auth/index.ts'
import { addressNouns } from './addressNouns.ts'
import { LostAddressHelp } from './LostAddressHelp.tsx'

type Props = {
  /** The address being changed. */
  changing: Destination
  /** The new address, proven in step 1. */
  to: Destination
  /** Where the confirmation code will go. */
  via: Destination
  /** The account's other address, which it could go to instead. */
  alternative: Destination | undefined
  onUseAlternative: () => void
  onSend: () => void
  onBack: () => void
  pending: boolean
  /** Why the last try did not go through, in the server's words. */
  error: ApiError | undefined
}

/** The start of step 2 of a change: why another code, where it goes, and what to do without that address. */
export function StepUpStart(props: Props) {
  const { changing, to, via, alternative, pending, error } = props
  const headingId = useId()
  const heading = useRef<HTMLHeadingElement>(null)
  // Always reached by acting (step 1 done, or back from the code), so focus follows.
  useFocusOnMount(heading, true)
  const noun = addressNouns[changing.kind]
  return (
    <section className="stack" aria-labelledby={headingId}>
      <h2 id={headingId} ref={heading} tabIndex={-1}>
        Step 2 of 2: confirm it is you
      </h2>
      <p>
        <strong className="breakable">{showDestination(to)}</strong> is yours. Before it becomes your {noun},
        we send a code to an address you already have, to make sure it is you who asks.
      </p>
      <p aria-live="polite">
        The code goes to your {addressNouns[via.kind]}{' '}
        <strong className="breakable">{showDestination(via)}</strong>.
      </p>
      {error && (
        <p className="field-error" role="alert">
          {error.message}
        </p>
      )}
      <div className="actions">
        <button
          type="button"
          className="button"
          aria-disabled={pending || undefined}
          onClick={() => {
            if (!pending) props.onSend()
          }}
        >
          {pending ? 'Sending…' : 'Send code'}
        </button>
        {alternative && (
          <button type="button" className="link-button" onClick={props.onUseAlternative}>
            Use my {addressNouns[alternative.kind]} instead
          </button>
        )}
        <button type="button" className="link-button" onClick={props.onBack}>
          Back
        </button>
        <Link href="/" className="link-button">
          Cancel
        </Link>
      </div>
      <LostAddressHelp lost={via} changing={changing.kind} alternative={alternative} />
    </section>
  )
}
