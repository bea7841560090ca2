import { type FormEvent, useId, useState } from 'react'
import { Field } from '../../ui/index.ts'
import { RequireSignIn } from '../session/index.ts'
import {
  SignatureStatus,
  useSignatureFlow,
  useWalletRuntime,
  WalletErrorMessage,
  WalletPage,
  WalletReady,
} from '../wallet/index.ts'
import { SendRequest } from './SendRequest.tsx'
import { SendWithViem } from './SendWithViem.tsx'
import { signWithViem, type ViemSignature } from './signWithViem.ts'

/**
 * `/wallet/developer`: Charter's EIP-1193 provider driven by viem's wallet client, as a dapp would, with the
 * signature and the address viem recovers from it. Loaded only when visited (viem is large).
 */
export function DeveloperPage() {
  return (
    <RequireSignIn>
      {() => (
        <WalletPage title="Developer: sign with viem">
          <WalletReady>
            <SignWithViem />
            <SendWithViem />
            <SendRequest />
          </WalletReady>
        </WalletPage>
      )}
    </RequireSignIn>
  )
}

function SignWithViem() {
  const { provider } = useWalletRuntime()
  const ids = { result: useId() }
  const [message, setMessage] = useState('Hello from viem')
  const flow = useSignatureFlow<ViemSignature & { message: string }>()
  const { state } = flow
  const busy = state.status === 'confirming' || state.status === 'pending'

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const text = message
    void flow.run(async () => ({ ...(await signWithViem(provider, text)), message: text }))
  }

  return (
    <div className="stack">
      <p>
        This page does what a dapp does: it hands Charter’s EIP-1193 provider to viem’s{' '}
        <code>createWalletClient({'{ transport: custom(provider) }'})</code>, asks for the account and signs a
        message with <code>signMessage</code>. ethers’ <code>BrowserProvider</code> works on the same
        provider.
      </p>
      <form className="stack" noValidate onSubmit={submit}>
        <Field label="Message">
          {(control) => (
            <input
              {...control}
              className="input"
              value={message}
              onChange={(event) => setMessage(event.target.value)}
            />
          )}
        </Field>
        <div className="actions">
          <button type="submit" className="button" aria-disabled={busy || undefined}>
            Sign with viem
          </button>
        </div>
      </form>
      <SignatureStatus state={state} />
      {state.status === 'error' && <WalletErrorMessage error={state.error} />}
      {state.status === 'success' && (
        <section className="result stack-small" aria-labelledby={ids.result}>
          <h2 id={ids.result}>Result</h2>
          <dl className="details-list">
            <div>
              <dt>Account</dt>
              <dd>
                <code className="breakable">{state.result.address}</code>
              </dd>
            </div>
            <div>
              <dt>Signature</dt>
              <dd>
                <code className="signature breakable">{state.result.signature}</code>
              </dd>
            </div>
            <div>
              <dt>Address viem recovers</dt>
              <dd>
                <code className="recovered breakable">{state.result.recovered}</code>
              </dd>
            </div>
          </dl>
          <p role="status">
            {state.result.recovered.toLowerCase() === state.result.address.toLowerCase()
              ? 'The signature recovers to your wallet’s address.'
              : 'The signature does not recover to your wallet’s address.'}
          </p>
        </section>
      )}
    </div>
  )
}
