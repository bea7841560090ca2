import { type FormEvent, useId, useState } from 'react'
import { Field } from '../../ui/index.ts'
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
  const ids = { result: useId() }
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
        <Field label="Method">
          {(control) => (
            <select
              {...control}
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
          )}
        </Field>
        <Field
          label="Params (JSON)"
          hint={
            <>
              The method’s params as a JSON list, e.g. <code>["your address", {'{ "domain": … }'}]</code> for
              eth_signTypedData_v4 or <code>[{'{ "to": …, "value": "0x…" }'}]</code> for eth_signTransaction
              and eth_sendTransaction.
            </>
          }
          error={invalid ? 'The params must be a JSON list.' : undefined}
          alert
        >
          {(control) => (
            <textarea
              {...control}
              className="input textarea"
              rows={6}
              spellCheck={false}
              value={params}
              onChange={(event) => {
                setParams(event.target.value)
                setInvalid(false)
              }}
            />
          )}
        </Field>
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
