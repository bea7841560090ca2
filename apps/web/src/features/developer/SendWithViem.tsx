import { type FormEvent, useId, useState } from 'react'
import { type Hex, isAddress } from 'viem'
import { AmountField, Field } from '../../ui/index.ts'
import { SignatureStatus, useSignatureFlow, useWalletRuntime, WalletErrorMessage } from '../wallet/index.ts'
import { sendWithViem } from './sendWithViem.ts'

/** viem's `sendTransaction` through Charter's provider, on the provider's chain: the dialog, then the hash. */
export function SendWithViem() {
  const { provider } = useWalletRuntime()
  const ids = { result: useId() }
  const [to, setTo] = useState('')
  const [amount, setAmount] = useState('0.001')
  const [badAddress, setBadAddress] = useState(false)
  const flow = useSignatureFlow<Hex>()
  const { state } = flow
  const busy = state.status === 'confirming' || state.status === 'pending'

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const recipient = to.trim()
    if (!isAddress(recipient)) {
      setBadAddress(true)
      return
    }
    void flow.run(() => sendWithViem(provider, recipient, amount.trim()))
  }

  return (
    <form className="stack" noValidate onSubmit={submit} aria-label="Send with viem">
      <h2>Send with viem</h2>
      <p>
        <code>walletClient.sendTransaction</code> on the same provider: the dialog shows the send, the server
        signs and sends it, and viem gets its hash.
      </p>
      <Field
        label="To address"
        error={badAddress ? 'Enter an address: 0x and 40 hexadecimal characters.' : undefined}
      >
        {(control) => (
          <input
            {...control}
            className="input address-input"
            value={to}
            onChange={(event) => {
              setTo(event.target.value)
              setBadAddress(false)
            }}
          />
        )}
      </Field>
      <AmountField label="Amount (ETH)" value={amount} onChange={setAmount} error={undefined} />
      <div className="actions">
        <button type="submit" className="button" aria-disabled={busy || undefined}>
          Send with viem
        </button>
      </div>
      <SignatureStatus state={state} />
      {state.status === 'error' && <WalletErrorMessage error={state.error} />}
      {state.status === 'success' && (
        <section className="result stack-small" aria-labelledby={ids.result}>
          <h3 id={ids.result}>Sent</h3>
          <p>
            Transaction hash: <code className="breakable sent-hash">{state.result}</code>
          </p>
        </section>
      )}
    </form>
  )
}
