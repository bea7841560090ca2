import { useId, useState } from 'react'
import { Link } from 'wouter'
import type { Destination, DestinationKind } from '../auth/index.ts'
import { showDestination } from '../auth/index.ts'
import { addressNouns, withArticle } from './addressNouns.ts'

type Props = {
  /** Where the confirmation code goes, which the person may no longer have. */
  lost: Destination
  /** The kind of address being changed. */
  changing: DestinationKind
  /** The account's other address, which the code could go to instead, if it has one. */
  alternative: Destination | undefined
}

/**
 * "I no longer have …": what to do when the confirmation code goes to an address the person lost. A disclosure,
 * so the way out is there for whoever needs it without crowding the step for everyone else.
 */
export function LostAddressHelp({ lost, changing, alternative }: Props) {
  const [open, setOpen] = useState(false)
  const panelId = useId()
  const missingKind: DestinationKind = lost.kind === 'phone' ? 'email' : 'phone'
  return (
    <div className="stack-small">
      <p>
        <button
          type="button"
          className="link-button"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen((value) => !value)}
        >
          I no longer have {showDestination(lost)}
        </button>
      </p>
      {/* `hidden` on a wrapper of its own: a display set by a class would show it anyway. */}
      <div id={panelId} hidden={!open}>
        <div className="stack-small">
          {alternative ? (
            <p>
              Have the code sent to your {addressNouns[alternative.kind]}{' '}
              <strong className="breakable">{showDestination(alternative)}</strong> instead, with the button
              above. If you can use neither, ask your organisation’s administrator for help: without a code to
              an address you already have, Charter cannot change your {addressNouns[changing]}.
            </p>
          ) : (
            <>
              <p>
                Add {withArticle(missingKind)} to your account first: that needs only a code to the new
                address. Then come back here and have this code sent there. If you cannot, ask your
                organisation’s administrator for help.
              </p>
              <p>
                <Link href={`/account/${missingKind}`}>Add {withArticle(missingKind)}</Link>
              </p>
            </>
          )}
        </div>
      </div>
    </div>
  )
}
