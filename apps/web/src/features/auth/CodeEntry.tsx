import { oneTimeCodeRules } from '@charter/core'
import { type FormEvent, type ReactNode, useId, useRef, useState } from 'react'
import { useHealth } from '../health/index.ts'
import { CodeInput } from './CodeInput.tsx'
import { isCodeSpent } from './isCodeSpent.ts'
import { ResendButton } from './ResendButton.tsx'
import { SpentCodeNote } from './SpentCodeNote.tsx'

/** Where a code flow stands, as far as the code screen cares: `CodeFlowState` and `ExportState` both fit. */
export type CodeStep = {
  status: 'idle' | 'pending' | 'confirming' | 'error' | 'success'
  action?: 'send' | 'resend' | 'verify'
  error?: { message: string; status?: number }
  /** A new code went out on request. */
  resent?: boolean
}

type Props = {
  heading: string
  /** Where the code went, as the person knows it. */
  sentTo: string
  /** What the code is for, when the heading alone does not say: 'to confirm it is you'. */
  purpose?: string
  /** Milliseconds since the epoch. */
  sentAt: number
  /** Unix seconds. */
  expiresAt: number
  /** Milliseconds since the epoch: from when another code may be asked for. */
  resendAt: number
  /** The code went out moments before this screen asked for one (the server would not send another yet). */
  sentEarlier?: boolean
  step: CodeStep
  submitLabel: string
  /** Resolves to 'refused' when the code was wrong, to start again with empty boxes. */
  onVerify: (code: string) => Promise<'accepted' | 'refused' | 'ignored'>
  onResend: () => void
  /** 'Use a different number', 'Cancel', …: the way back. */
  backLabel: string
  onBack: () => void
  /**
   * The address is one the person typed: the way back ('Change number') stands beside it, so a typo seen there
   * is one click from being fixed.
   */
  backBesideAddress?: boolean
  /** Other ways on, under the screen's own (another address, help). */
  children?: ReactNode
}

/** The code screen: where the code went, six boxes, and ways out (a new code, the way back). */
export function CodeEntry({
  heading,
  sentTo,
  purpose,
  sentAt,
  expiresAt,
  resendAt,
  sentEarlier = false,
  step,
  submitLabel,
  onVerify,
  onResend,
  backLabel,
  onBack,
  backBesideAddress = false,
  children,
}: Props) {
  const ids = { heading: useId(), error: useId() }
  const digits = useRef<string[]>([])
  // Each try gets fresh boxes, and its error a fresh alert, so a repeated message is announced again.
  const [attempt, setAttempt] = useState(0)
  const [incomplete, setIncomplete] = useState(false)
  // The code whose last try went wrong (by when it was sent): its boxes stay shut until a new code goes out.
  const [spentCode, setSpentCode] = useState<number | undefined>(undefined)
  if (step.status === 'error' && step.action === 'verify' && step.error && isCodeSpent(step.error)) {
    if (spentCode !== sentAt) setSpentCode(sentAt)
  }
  const spent = spentCode === sentAt && !(step.status === 'confirming' && step.resent)

  const verifying = step.status === 'pending' && step.action === 'verify'
  const resending = step.status === 'pending' && step.action === 'resend'
  const serverError = step.status === 'error' ? step.error : undefined
  const message = incomplete
    ? `Enter all ${oneTimeCodeRules.digits} digits of the code.`
    : serverError?.message
  const refused = incomplete || (step.status === 'error' && step.action === 'verify')
  const where = (
    <>
      <strong className="destination">{sentTo}</strong>
      {purpose && ` ${purpose}`}
    </>
  )
  const change = backBesideAddress && (
    <>
      {' '}
      <button type="button" className="link-button" onClick={onBack}>
        {backLabel}
      </button>
    </>
  )
  const minutes = Math.max(1, Math.round(expiresAt / 60 - sentAt / 60_000))
  // In embedded mode the dev outbox stands in for SMS and email (README, "Settings").
  const localMode = useHealth().data?.mode === 'embedded'

  const verify = async (code: string) => {
    setIncomplete(false)
    if ((await onVerify(code)) === 'refused') {
      digits.current = []
      setAttempt((count) => count + 1)
    }
  }

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (verifying || spent) return
    const code = digits.current.join('')
    if (code.length < oneTimeCodeRules.digits) {
      setIncomplete(true)
      return
    }
    void verify(code)
  }

  return (
    <section className="stack" aria-labelledby={ids.heading}>
      <h2 id={ids.heading}>{heading}</h2>
      {sentEarlier ? (
        <p>
          A code went to {where} less than 30 seconds ago: use that one. It works for about {minutes} minutes.
          {change}
        </p>
      ) : (
        <p>
          We sent a code to {where}. It works for {minutes} minutes.{change}
        </p>
      )}
      {localMode && (
        <p className="local-mode-note">
          Local mode: nothing is texted or mailed; your code is in the server log, and at{' '}
          <code>/api/dev/outbox</code> for whoever has the token in <code>DATA_DIR/dev-outbox-token</code>
        </p>
      )}
      <form className="stack" noValidate onSubmit={submit}>
        <fieldset className="code-fieldset">
          <legend className="field-label">{oneTimeCodeRules.digits}-digit code</legend>
          <CodeInput
            key={attempt}
            focusOnMount
            readOnly={verifying}
            disabled={spent}
            invalid={refused}
            describedBy={refused ? ids.error : undefined}
            onChange={(next) => {
              digits.current = next
              setIncomplete(false)
            }}
            onComplete={(code) => void verify(code)}
          />
        </fieldset>
        {spent ? (
          <SpentCodeNote key={attempt} id={ids.error} message={serverError?.message} resendAt={resendAt} />
        ) : (
          message && (
            <p key={attempt} id={ids.error} className="field-error" role="alert">
              {message}
            </p>
          )
        )}
        {step.status === 'confirming' && step.resent && (
          <p className="field-hint" role="status">
            A new code is on its way. Only the newest code works.
          </p>
        )}
        <div className="actions">
          <button type="submit" className="button" aria-disabled={verifying || spent || undefined}>
            {verifying ? 'Checking…' : submitLabel}
          </button>
        </div>
      </form>
      <div className="actions">
        <ResendButton resendAt={resendAt} pending={resending} onResend={onResend} />
        {!backBesideAddress && (
          <button type="button" className="link-button" onClick={onBack}>
            {backLabel}
          </button>
        )}
      </div>
      {children}
    </section>
  )
}
