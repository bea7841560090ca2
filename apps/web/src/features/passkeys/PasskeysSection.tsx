import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useId, useRef, useState } from 'react'
import { AddPasskeyForm } from './AddPasskeyForm.tsx'
import { PasskeyRow } from './PasskeyRow.tsx'
import { passkeysQueryKey, passkeysQueryOptions } from './passkeysApi.ts'
import { passkeysSupported } from './passkeysSupported.ts'
import { refreshAfterPasskeyChange } from './refreshAfterPasskeyChange.ts'

/** What the section's status line says last: an outcome (added, renamed, removed, held), or an error. */
export type Said = { text: string; alert?: boolean }

/**
 * The Security page's passkeys (`/security#passkeys`): what a passkey does, the member's passkeys (added, last
 * used), adding one on this device with a name of their choosing, renaming, and removing one (at once with a
 * passkey's confirmation; otherwise it waits, as the server says). `onChanged` refreshes what the page shows
 * beside it (its list of sensitive actions).
 */
export function PasskeysSection({ onChanged }: { onChanged?: () => void }) {
  const headingId = useId()
  const section = useRef<HTMLElement>(null)
  const queryClient = useQueryClient()
  const passkeys = useQuery(passkeysQueryOptions())
  const [said, setSaid] = useState<Said | undefined>(undefined)
  const supported = passkeysSupported()

  // A link to /security#passkeys (the prompt after a first send) lands here; the browser scrolls only on a load.
  useEffect(() => {
    if (window.location.hash === '#passkeys') section.current?.scrollIntoView?.()
  }, [])

  const tell = (next: Said) => {
    setSaid(next)
    void refreshAfterPasskeyChange(queryClient)
    onChanged?.()
  }

  return (
    <section id="passkeys" ref={section} className="stack-small" aria-labelledby={headingId}>
      <h2 id={headingId}>Passkeys</h2>
      <p>
        Sign in without a code, and confirm exports and held requests at once. Someone who gets your codes
        does not get your passkey.
      </p>
      <p className="status" role="status">
        {said && !said.alert ? said.text : undefined}
      </p>
      {said?.alert && (
        <p className="field-error" role="alert">
          {said.text}
        </p>
      )}
      {passkeys.isPending && (
        <p className="status" role="status">
          Loading your passkeys…
        </p>
      )}
      {passkeys.isError && (
        <div role="alert" className="stack-small">
          <p className="field-error">{passkeys.error.message}</p>
          <div className="actions">
            <button
              type="button"
              className="button"
              onClick={() => void queryClient.invalidateQueries({ queryKey: passkeysQueryKey })}
            >
              Try again
            </button>
          </div>
        </div>
      )}
      {passkeys.data?.length === 0 && <p className="muted">You have no passkey yet.</p>}
      {passkeys.data && passkeys.data.length > 0 && (
        <ul className="session-list" aria-label="Your passkeys">
          {passkeys.data.map((passkey) => (
            <PasskeyRow key={passkey.credential_id} passkey={passkey} supported={supported} onDone={tell} />
          ))}
        </ul>
      )}
      {supported ? (
        <AddPasskeyForm onDone={tell} />
      ) : (
        <p className="muted">
          This browser cannot make or use passkeys. Add one from a browser that can, such as a recent Chrome,
          Safari, Firefox or Edge.
        </p>
      )}
    </section>
  )
}
