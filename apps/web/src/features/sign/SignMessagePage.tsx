import type { CharterUser } from '@charter/core'
import { type FormEvent, useId, useState } from 'react'
import { CopyButton, Field, ShortAddress } from '../../ui/index.ts'
import { RequireSignIn } from '../session/index.ts'
import {
  SignatureStatus,
  userWallets,
  useSignatureFlow,
  useWalletRuntime,
  WalletErrorMessage,
  WalletPage,
  WalletReady,
} from '../wallet/index.ts'
import { signMessage } from './signMessage.ts'

/** How long a message may be; the server takes up to 32 768 characters of hex. */
const maxLength = 10_000

/** `/wallet/sign`: type a message, sign it with the Ethereum wallet (after the dialog), copy the signature. */
export function SignMessagePage() {
  return (
    <RequireSignIn>
      {(user) => (
        <WalletPage title="Sign a message">
          <WalletReady>
            <SignMessage user={user} />
          </WalletReady>
        </WalletPage>
      )}
    </RequireSignIn>
  )
}

type Signed = { message: string; signature: string; address: string }

function SignMessage({ user }: { user: CharterUser }) {
  const { provider } = useWalletRuntime()
  const wallet = userWallets(user).ethereum
  const ids = { result: useId() }
  const [message, setMessage] = useState('')
  const [missing, setMissing] = useState(false)
  const flow = useSignatureFlow<Signed>()
  const { state } = flow

  if (!wallet) return <p className="muted">You have no Ethereum wallet yet. Reload the page in a moment.</p>

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (message.trim() === '') {
      setMissing(true)
      return
    }
    const text = message
    void flow.run(async () => ({
      message: text,
      signature: await signMessage(provider, { address: wallet.address, message: text }),
      address: wallet.address,
    }))
  }
  const busy = state.status === 'confirming' || state.status === 'pending'

  return (
    <div className="stack">
      <p>
        Signing proves that you control your Ethereum wallet{' '}
        <ShortAddress address={wallet.address} what="Ethereum address" /> without moving any funds. Nothing is
        sent to a network.
      </p>
      <form className="stack" noValidate onSubmit={submit}>
        <Field
          label="Message"
          hint="You will see it again, exactly as signed, before anything is signed."
          error={missing ? 'Type a message to sign.' : undefined}
          alert
        >
          {(control) => (
            <textarea
              {...control}
              className="input textarea"
              rows={4}
              maxLength={maxLength}
              value={message}
              onChange={(event) => {
                setMessage(event.target.value)
                setMissing(false)
              }}
            />
          )}
        </Field>
        <div className="actions">
          <button type="submit" className="button" aria-disabled={busy || undefined}>
            Sign message
          </button>
        </div>
      </form>
      <SignatureStatus state={state} />
      {state.status === 'error' && <WalletErrorMessage error={state.error} />}
      {state.status === 'success' && (
        <section className="result stack-small" aria-labelledby={ids.result}>
          <h2 id={ids.result}>Signature</h2>
          <p>
            Your wallet signed “<span className="breakable">{state.result.message}</span>”. Anyone can check
            this signature against your address.
          </p>
          <pre className="signature breakable">{state.result.signature}</pre>
          <div className="actions">
            <CopyButton text={state.result.signature} what="signature" className="button button-secondary" />
          </div>
        </section>
      )}
    </div>
  )
}
