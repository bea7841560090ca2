import { type FormEvent, useId, useRef, useState } from 'react'
import { CodeInput, codeLength, ResendButton } from '../auth/index.ts'
import type { ExportFlow } from './useExportFlow.ts'

/** The code screen of an export: where the code went, six boxes (the sign-in's), a new code, a way back. */
export function ExportCodeForm({ flow }: { flow: ExportFlow }) {
  const { state } = flow
  const ids = { heading: useId(), error: useId() }
  const digits = useRef<string[]>([])
  // Each try gets fresh boxes, and its error a fresh alert, so a repeated message is announced again.
  const [attempt, setAttempt] = useState(0)
  const [incomplete, setIncomplete] = useState(false)

  if (!('code' in state)) return null
  const { code, choice } = state
  const verifying = state.status === 'pending' && state.action === 'verify'
  const resending = state.status === 'pending' && state.action === 'resend'
  const serverError = state.status === 'error' ? state.error : undefined
  const message = incomplete ? `Enter all ${codeLength} digits of the code.` : serverError?.message
  const refused = incomplete || (state.status === 'error' && state.action === 'verify')
  const minutes = Math.max(1, Math.round(code.expiresAt / 60 - code.sentAt / 60_000))

  const verify = async (entered: string) => {
    setIncomplete(false)
    if ((await flow.verify(entered)) === 'refused') {
      digits.current = []
      setAttempt((count) => count + 1)
    }
  }

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (verifying) return
    const entered = digits.current.join('')
    if (entered.length < codeLength) {
      setIncomplete(true)
      return
    }
    void verify(entered)
  }

  return (
    <section className="stack" aria-labelledby={ids.heading}>
      <h2 id={ids.heading}>Enter the code</h2>
      <p>
        We sent a code to <strong className="destination">{code.sentTo}</strong>. It works for {minutes}{' '}
        minutes.
      </p>
      <form className="stack" noValidate onSubmit={submit}>
        <fieldset className="code-fieldset">
          <legend className="field-label">{codeLength}-digit code</legend>
          <CodeInput
            key={attempt}
            focusOnMount
            readOnly={verifying}
            invalid={refused}
            describedBy={refused ? ids.error : undefined}
            onChange={(next) => {
              digits.current = next
              setIncomplete(false)
            }}
            onComplete={(entered) => void verify(entered)}
          />
        </fieldset>
        {message && (
          <p key={attempt} id={ids.error} className="field-error" role="alert">
            {message}
          </p>
        )}
        {state.status === 'confirming' && state.resent && (
          <p className="field-hint" role="status">
            A new code is on its way. Only the newest code works.
          </p>
        )}
        <div className="actions">
          <button type="submit" className="button" aria-disabled={verifying || undefined}>
            {verifying
              ? 'Checking…'
              : choice.format === 'keystore'
                ? 'Export keystore file'
                : 'Export private key'}
          </button>
        </div>
      </form>
      <div className="actions">
        <ResendButton resendAt={code.resendAt} pending={resending} onResend={() => void flow.resend()} />
        <button type="button" className="link-button" onClick={flow.restart}>
          Cancel
        </button>
      </div>
    </section>
  )
}
