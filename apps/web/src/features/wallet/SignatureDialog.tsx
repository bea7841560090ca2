import { shortenAddress } from '@charter/core'
import { useEffect, useId, useRef, useSyncExternalStore } from 'react'
import type { PendingConfirmation } from './createConfirmationQueue.ts'
import { SignatureDetails } from './SignatureDetails.tsx'
import type { SignatureRequest } from './SignatureRequest.ts'
import { useWalletRuntime } from './useWalletRuntime.ts'

const titles: Record<SignatureRequest['kind'], string> = {
  message: 'Sign this message?',
  'typed-data': 'Sign this data?',
  transaction: 'Sign this transaction?',
}

/** Shows each signature request the provider receives, one at a time, until the person signs or rejects it. */
export function SignatureDialog() {
  const { confirmations } = useWalletRuntime()
  const pending = useSyncExternalStore(confirmations.subscribe, confirmations.current)
  if (!pending) return null
  return (
    <ConfirmationDialog
      key={pending.id}
      pending={pending}
      onAnswer={(approved) => confirmations.answer(pending.id, approved)}
    />
  )
}

function ConfirmationDialog({
  pending,
  onAnswer,
}: {
  pending: PendingConfirmation
  onAnswer: (approved: boolean) => void
}) {
  const { request } = pending
  const ids = { title: useId(), intro: useId() }
  const dialog = useRef<HTMLDialogElement>(null)
  const heading = useRef<HTMLHeadingElement>(null)

  useEffect(() => {
    const element = dialog.current
    if (!element) return
    const returnFocus = document.activeElement instanceof HTMLElement ? document.activeElement : null
    if (!element.open) element.showModal()
    // The title first, as for any dialog whose content may be long: a screen reader reads on from there.
    heading.current?.focus()
    return () => {
      if (element.open) element.close()
      returnFocus?.focus()
    }
  }, [])

  return (
    <dialog
      ref={dialog}
      className="signature-dialog"
      aria-labelledby={ids.title}
      aria-describedby={ids.intro}
      onCancel={(event) => {
        // Escape rejects, like the Reject button, instead of leaving the request unanswered.
        event.preventDefault()
        onAnswer(false)
      }}
    >
      <div className="stack">
        <h2 id={ids.title} ref={heading} tabIndex={-1}>
          {titles[request.kind]}
        </h2>
        <p id={ids.intro}>
          Your wallet <code className="address">{shortenAddress(request.address)}</code> signs{' '}
          {request.kind === 'transaction'
            ? 'this transaction. Signing does not send it, but anyone who gets the signed transaction can.'
            : 'what is below. Sign only what you expect and understand.'}
        </p>
        <SignatureDetails request={request} />
        <div className="actions dialog-actions">
          <button type="button" className="button button-secondary" onClick={() => onAnswer(false)}>
            Reject
          </button>
          <button type="button" className="button" onClick={() => onAnswer(true)}>
            Sign
          </button>
        </div>
      </div>
    </dialog>
  )
}
