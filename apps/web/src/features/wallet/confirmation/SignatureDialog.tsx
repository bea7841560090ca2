import { shortenAddress } from '@charter/core'
import { useId, useRef, useSyncExternalStore } from 'react'
import { ModalDialog } from '../../../ui/index.ts'
import { useColleague } from '../../colleagues/index.ts'
import { useNewDeviceHold } from '../../holds/index.ts'
import type { SignatureRequest } from '../describe/SignatureRequest.ts'
import { useWalletRuntime } from '../useWalletRuntime.ts'
import { confirmationStep, isPlainTransfer } from './confirmationStep.ts'
import type { PendingConfirmation } from './createConfirmationQueue.ts'
import { heldRequestWarning } from './heldRequestWarning.ts'
import { SignatureDetails } from './SignatureDetails.tsx'
import { SignatureWarnings } from './SignatureWarnings.tsx'
import { useSeenEnd } from './useSeenEnd.ts'

/**
 * A send whose fee someone else pays is named in one line, who pays included: "Send 10 USDC to Ana · network fee
 * paid by Charter" (the colleague's name, else the address shortened; it is in full below).
 */
const sponsoredTitle = (request: SignatureRequest, recipientName: string | undefined): string | undefined => {
  if (request.kind === 'message' || request.kind === 'typed-data') return undefined
  const { transfer } = request
  if (!transfer?.feePaidBy) return undefined
  const to = recipientName ?? shortenAddress(transfer.to)
  return `Send ${transfer.amount} to ${to} · network fee paid by ${transfer.feePaidBy}`
}

const titleOf = (request: SignatureRequest): string =>
  request.kind === 'message'
    ? 'Sign this message?'
    : request.kind === 'typed-data'
      ? 'Sign this data?'
      : request.kind === 'solana-send' || request.sends
        ? 'Send this transaction?'
        : 'Sign this transaction?'

const introOf = (request: SignatureRequest): string =>
  request.feePaidBy
    ? `this transfer, and ${request.feePaidBy} sends it at once and pays its network fee. A sent transfer cannot be called back.`
    : request.kind === 'solana-send' || (request.kind === 'transaction' && request.sends)
      ? 'this transaction and sends it at once. A sent transaction cannot be called back.'
      : request.kind === 'transaction'
        ? 'this transaction. Signing does not send it, but anyone who gets the signed transaction can.'
        : 'what is below. Sign only what you expect and understand.'

/** What Sign waits for the person to scroll through, in the words of the reason beside it. */
const whatIsSigned = (request: SignatureRequest): string =>
  request.kind === 'message' ? 'message' : request.kind === 'typed-data' ? 'data' : 'transaction'

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
  const hold = useNewDeviceHold()
  // The Send screen words its own hold warning; a request from anywhere else gets the policy's reading here.
  const held = pending.request.warnings.some((warning) => warning.kind === 'held-send')
    ? undefined
    : heldRequestWarning(pending.request.effect, hold)
  const request = held
    ? { ...pending.request, warnings: [held, ...pending.request.warnings] }
    : pending.request
  const ids = { intro: useId(), more: useId(), reason: useId() }
  const details = useRef<HTMLElement>(null)
  // Measured once the dialog is open (its layout effect runs first, as a child's does): closed, the box of
  // what is signed has no size at all.
  const end = useSeenEnd(details)
  const step = confirmationStep(request, end.seen)
  // A plain transfer is shown whole, in view: no inner box to scroll, so nothing can hide at its end.
  const plain = isPlainTransfer(request)
  const transfer = request.kind === 'message' || request.kind === 'typed-data' ? undefined : request.transfer
  const colleague = useColleague(transfer?.chainType ?? 'ethereum', transfer?.to)

  return (
    // Escape rejects, like the Reject button, instead of leaving the request unanswered.
    <ModalDialog
      title={sponsoredTitle(request, colleague?.label) ?? titleOf(request)}
      describedBy={ids.intro}
      className="signature-dialog"
      onCancel={() => onAnswer(false)}
    >
      <p id={ids.intro}>
        Your wallet <code className="address">{shortenAddress(request.address)}</code> signs{' '}
        {introOf(request)}
      </p>
      <SignatureWarnings request={request} />
      {/* One scrolling box for all that is signed: Sign waits until its end has been on screen. It takes
          focus only when it scrolls, so the keyboard can scroll it (arrows, Page Down, End). */}
      <section
        ref={details}
        className={plain ? 'signature-details transfer-details' : 'signature-details'}
        aria-label="What you sign"
        tabIndex={end.scrolls && !plain ? 0 : undefined}
        onScroll={end.onScroll}
      >
        <SignatureDetails request={request} />
      </section>
      {step.step === 'reading' && (
        <p id={ids.more} className="more-below">
          There is more below. Scroll to the end of it to sign: swipe up in the box, or Tab to it and press
          End.
        </p>
      )}
      <div className="actions dialog-actions">
        {step.step === 'reading' && (
          <p id={ids.reason} className="sign-reason">
            Scroll to the end of the {whatIsSigned(request)} to sign it.
          </p>
        )}
        <button type="button" className="button button-secondary" onClick={() => onAnswer(false)}>
          Reject
        </button>
        {step.step !== 'refused' && (
          <button
            type="button"
            className="button"
            aria-disabled={step.step === 'reading' || undefined}
            aria-describedby={step.step === 'reading' ? `${ids.reason} ${ids.more}` : undefined}
            onClick={() => {
              if (step.step === 'ready') onAnswer(true)
            }}
          >
            Sign
          </button>
        )}
      </div>
    </ModalDialog>
  )
}
