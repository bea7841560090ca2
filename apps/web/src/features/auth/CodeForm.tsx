import { type FormEvent, useId, useRef, useState } from 'react'
import { CodeInput } from './CodeInput.tsx'
import { codeLength } from './codeLength.ts'
import { describeDestination } from './describeDestination.ts'
import { ResendButton } from './ResendButton.tsx'
import type { CodeFlow } from './useCodeFlow.ts'

type Props = {
  flow: CodeFlow
  heading: string
  submitLabel: string
  /** 'Use a different number', …: back to the address. */
  changeAddressLabel: string
}

/** The code screen: where the code went, six boxes, and ways out (a new code, another address). */
export function CodeForm({ flow, heading, submitLabel, changeAddressLabel }: Props) {
  const { state } = flow
  const ids = { heading: useId(), error: useId(), status: useId() }
  const digits = useRef<string[]>([])
  // Each try gets fresh boxes, and its error a fresh alert, so a repeated message is announced again.
  const [attempt, setAttempt] = useState(0)
  const [incomplete, setIncomplete] = useState(false)

  if (!('sent' in state)) return null
  const { sent } = state
  const verifying = state.status === 'pending' && state.action === 'verify'
  const resending = state.status === 'pending' && state.action === 'resend'
  const serverError = state.status === 'error' ? state.error : undefined
  const message = incomplete ? `Enter all ${codeLength} digits of the code.` : serverError?.message
  const codeRefused = incomplete || (state.status === 'error' && state.action === 'verify')
  const minutes = Math.max(1, Math.round(sent.expiresAt / 60 - sent.sentAt / 60_000))

  const verify = async (code: string) => {
    setIncomplete(false)
    if ((await flow.verify(code)) === 'refused') {
      digits.current = []
      setAttempt((count) => count + 1)
    }
  }

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (verifying) return
    const code = digits.current.join('')
    if (code.length < codeLength) {
      setIncomplete(true)
      return
    }
    void verify(code)
  }

  return (
    <section className="stack" aria-labelledby={ids.heading}>
      <h2 id={ids.heading}>{heading}</h2>
      <p>
        We sent a code to <strong className="destination">{describeDestination(sent.destination)}</strong>. It
        works for {minutes} minutes.
      </p>
      <form className="stack" noValidate onSubmit={submit}>
        <fieldset className="code-fieldset">
          <legend className="field-label">{codeLength}-digit code</legend>
          <CodeInput
            key={attempt}
            focusOnMount
            readOnly={verifying}
            invalid={codeRefused}
            describedBy={codeRefused ? ids.error : undefined}
            onChange={(next) => {
              digits.current = next
              setIncomplete(false)
            }}
            onComplete={(code) => void verify(code)}
          />
        </fieldset>
        {message && (
          <p key={attempt} id={ids.error} className="field-error" role="alert">
            {message}
          </p>
        )}
        {state.status === 'confirming' && state.resent && (
          <p id={ids.status} className="field-hint" role="status">
            A new code is on its way. Only the newest code works.
          </p>
        )}
        <div className="actions">
          <button type="submit" className="button" aria-disabled={verifying || undefined}>
            {verifying ? 'Checking…' : submitLabel}
          </button>
        </div>
      </form>
      <div className="actions">
        <ResendButton resendAt={sent.resendAt} pending={resending} onResend={() => void flow.resend()} />
        <button type="button" className="link-button" onClick={flow.restart}>
          {changeAddressLabel}
        </button>
      </div>
    </section>
  )
}
