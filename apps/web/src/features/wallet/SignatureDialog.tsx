import { shortenAddress } from '@charter/core'
import { useId, useLayoutEffect, useRef, useSyncExternalStore } from 'react'
import { confirmationStep } from './confirmationStep.ts'
import type { PendingConfirmation } from './createConfirmationQueue.ts'
import { SignatureDetails } from './SignatureDetails.tsx'
import type { SignatureRequest } from './SignatureRequest.ts'
import { SignatureWarnings } from './SignatureWarnings.tsx'
import { useSeenEnd } from './useSeenEnd.ts'
import { useWalletRuntime } from './useWalletRuntime.ts'

const titles: Record<SignatureRequest['kind'], string> = {
  message: 'Sign this message?',
  'typed-data': 'Sign this data?',
  transaction: 'Sign this transaction?',
}

/**
 * Shows each signature request the provider receives, one at a time, until the person signs or rejects it. It is
 * the one confirmation for every caller: what it shows is described from the parameters that are sent.
 */
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
  const ids = { title: useId(), intro: useId(), more: useId() }
  const dialog = useRef<HTMLDialogElement>(null)
  const heading = useRef<HTMLHeadingElement>(null)
  const details = useRef<HTMLElement>(null)

  // Open before the box of what is signed is first measured (the next hook): closed, it has no size at all.
  useLayoutEffect(() => {
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
  const end = useSeenEnd(details)
  const step = confirmationStep(request, end.seen)

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
        <SignatureWarnings request={request} />
        {/* One scrolling box for all that is signed: Sign waits until its end has been on screen. It takes
            focus only when it scrolls, so the keyboard can scroll it (arrows, Page Down, End). */}
        <section
          ref={details}
          className="signature-details"
          aria-label="What you sign"
          tabIndex={end.scrolls ? 0 : undefined}
          onScroll={end.onScroll}
        >
          <SignatureDetails request={request} />
        </section>
        {step.step === 'reading' && (
          <p id={ids.more} className="more-below">
            There is more below. Scroll to the end of it to sign: Tab to the box, then press End.
          </p>
        )}
        <div className="actions dialog-actions">
          <button type="button" className="button button-secondary" onClick={() => onAnswer(false)}>
            Reject
          </button>
          {step.step !== 'refused' && (
            <button
              type="button"
              className="button"
              aria-disabled={step.step === 'reading' || undefined}
              aria-describedby={step.step === 'reading' ? ids.more : undefined}
              onClick={() => {
                if (step.step === 'ready') onAnswer(true)
              }}
            >
              Sign
            </button>
          )}
        </div>
      </div>
    </dialog>
  )
}
