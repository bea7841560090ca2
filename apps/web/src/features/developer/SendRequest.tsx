import { type FormEvent, useId, useState } from 'react'
import { SignatureStatus, useSignatureFlow, useWalletRuntime, WalletErrorMessage } from '../wallet/index.ts'

const methods = [
  'personal_sign',
  'eth_signTypedData_v4',
  'eth_signTransaction',
  'eth_sendTransaction',
] as const
type Method = (typeof methods)[number]

/**
 * Any signing request, its params as JSON, straight to the provider: what a dapp could send, to see what the
 * confirmation shows for it (and that it refuses what it cannot show).
 */
export function SendRequest() {
  const { provider } = useWalletRuntime()
  const ids = { method: useId(), params: useId(), hint: useId(), error: useId(), result: useId() }
  const [method, setMethod] = useState<Method>('eth_signTypedData_v4')
  const [params, setParams] = useState('')
  const [invalid, setInvalid] = useState(false)
  const flow = useSignatureFlow<unknown>()
  const { state } = flow
  const busy = state.status === 'confirming' || state.status === 'pending'

  const submit = (event: FormEvent) => {
    event.preventDefault()
    let parsed: unknown
    try {
      parsed = JSON.parse(params)
    } catch {
      parsed = undefined
    }
    if (!Array.isArray(parsed)) {
      setInvalid(true)
      return
    }
    void flow.run(() => provider.request({ method, params: parsed }))
  }

  return (
    <section className="stack" aria-labelledby={ids.result}>
      <h2 id={ids.result}>Send a request</h2>
      <form className="stack" noValidate onSubmit={submit}>
        <div className="field">
          <label className="field-label" htmlFor={ids.method}>
            Method
          </label>
          <select
            id={ids.method}
            className="input"
            value={method}
            onChange={(event) => setMethod(event.target.value as Method)}
          >
            {methods.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label className="field-label" htmlFor={ids.params}>
            Params (JSON)
          </label>
          <textarea
            id={ids.params}
            className="input textarea"
            rows={6}
            spellCheck={false}
            value={params}
            aria-invalid={invalid || undefined}
            aria-describedby={invalid ? `${ids.error} ${ids.hint}` : ids.hint}
            onChange={(event) => {
              setParams(event.target.value)
              setInvalid(false)
            }}
          />
          <p id={ids.hint} className="field-hint">
            The method’s params as a JSON list, e.g. <code>["your address", {'{ "domain": … }'}]</code> for
            eth_signTypedData_v4 or <code>[{'{ "to": …, "value": "0x…" }'}]</code> for eth_signTransaction and
            eth_sendTransaction.
          </p>
          {invalid && (
            <p id={ids.error} className="field-error" role="alert">
              The params must be a JSON list.
            </p>
          )}
        </div>
        <div className="actions">
          <button type="submit" className="button" aria-disabled={busy || undefined}>
            Send request
          </button>
        </div>
      </form>
      <SignatureStatus state={state} />
      {state.status === 'error' && <WalletErrorMessage error={state.error} />}
      {state.status === 'success' && (
        <div className="result stack-small">
          <p className="field-label">Answer</p>
          <pre className="signature breakable answer">{JSON.stringify(state.result)}</pre>
        </div>
      )}
    </section>
  )
}
