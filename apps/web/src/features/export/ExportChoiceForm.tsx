import { type CharterUser, shortenAddress } from '@charter/core'
import { type FormEvent, useId, useState } from 'react'
import { RadioGroup, type RadioOption } from '../../ui/index.ts'
import { useHasPasskey } from '../passkeys/index.ts'
import { chainTypeNames, userWallets } from '../wallet/index.ts'
import type { ExportFormat } from './ExportedKey.ts'
import type { ExportChoice } from './ExportState.ts'
import type { ExportFlow } from './useExportFlow.ts'

const privateKeyOption: RadioOption<ExportFormat> = {
  value: 'private_key',
  label: (
    <span>
      Private key{' '}
      <span className="field-hint">Shown once, on this screen, hidden until you choose to see it.</span>
    </span>
  ),
}

const keystoreOption: RadioOption<ExportFormat> = {
  value: 'keystore',
  label: (
    <span>
      Keystore file{' '}
      <span className="field-hint">
        An encrypted file that MetaMask, ethers and others open, and a passphrase to open it.
      </span>
    </span>
  ),
}

/**
 * The warnings, which wallet and in which form, an "I understand", and a code to the person's phone; or, for a
 * member with a passkey, their passkey instead (the code stays the other way).
 */
export function ExportChoiceForm({ user, flow }: { user: CharterUser; flow: ExportFlow }) {
  const { state } = flow
  const { ethereum, solana } = userWallets(user)
  // A wallet without an id cannot be addressed by the API, so it cannot be exported.
  const wallets = [ethereum, solana].filter(
    (wallet): wallet is ExportChoice['wallet'] => typeof wallet?.id === 'string' && wallet.id !== '',
  )
  const ids = { warnings: useId(), understood: useId(), understoodError: useId(), solanaNote: useId() }
  const previous = 'choice' in state ? state.choice : undefined
  const [walletId, setWalletId] = useState(previous?.wallet.id ?? wallets[0]?.id)
  const [format, setFormat] = useState<ExportFormat>(previous?.format ?? 'private_key')
  const [understood, setUnderstood] = useState(false)
  const [notUnderstood, setNotUnderstood] = useState(false)
  const wallet = wallets.find((candidate) => candidate.id === walletId)
  const keystoreAllowed = wallet?.chain_type === 'ethereum'
  const hasPasskey = useHasPasskey() === true
  const pending = state.status === 'pending'
  const sendError =
    state.status === 'error' && (state.action === 'send' || state.action === 'passkey')
      ? state.error
      : undefined

  if (wallets.length === 0) return <p className="muted">You have no wallet to export yet.</p>

  const go = (how: 'code' | 'passkey') => {
    if (pending || !wallet) return
    if (!understood) {
      setNotUnderstood(true)
      return
    }
    const choice: ExportChoice = { wallet, format: keystoreAllowed ? format : 'private_key' }
    void (how === 'passkey' ? flow.exportWithPasskey(choice) : flow.send(choice))
  }
  // Enter takes the way the first button offers: the passkey, where the member has one.
  const submit = (event: FormEvent) => {
    event.preventDefault()
    go(hasPasskey ? 'passkey' : 'code')
  }

  return (
    <form className="stack" noValidate onSubmit={submit}>
      <div className="warning stack-small" aria-labelledby={ids.warnings} role="note">
        <h2 id={ids.warnings}>Before you export</h2>
        <ul>
          <li>
            Anyone who has this key controls the wallet and all its funds, on every network, without Charter
            and without asking you.
          </li>
          <li>
            Charter can’t undo an export or take the key back. If it leaks, move your funds to a new wallet.
          </li>
          <li>Nobody from Charter will ever ask you for it. Never paste it into a website or a chat.</li>
        </ul>
      </div>
      <RadioGroup
        legend="Wallet"
        name="wallet"
        look="list"
        options={wallets.map((candidate) => ({
          value: candidate.id,
          label: (
            <span>
              {chainTypeNames[candidate.chain_type]}{' '}
              <code className="address">{shortenAddress(candidate.address)}</code>
            </span>
          ),
        }))}
        selected={walletId}
        onSelect={setWalletId}
      />
      {/* Each format's hint is part of its name here, as it always was: what the member picks is what it does. */}
      <RadioGroup
        legend="Format"
        name="format"
        look="list"
        options={keystoreAllowed ? [privateKeyOption, keystoreOption] : [privateKeyOption]}
        selected={keystoreAllowed ? format : 'private_key'}
        onSelect={setFormat}
        describedBy={keystoreAllowed ? undefined : ids.solanaNote}
      >
        {!keystoreAllowed && (
          <p id={ids.solanaNote} className="field-hint">
            A Solana key exports as its secret key in base58, which Phantom and Solflare import.
          </p>
        )}
      </RadioGroup>
      <div className="field">
        <label className="choice">
          <input
            id={ids.understood}
            type="checkbox"
            checked={understood}
            aria-invalid={notUnderstood || undefined}
            aria-describedby={notUnderstood ? ids.understoodError : undefined}
            onChange={(event) => {
              setUnderstood(event.target.checked)
              setNotUnderstood(false)
            }}
          />
          <span>
            I understand that anyone with this key controls the funds, and that Charter can’t undo this.
          </span>
        </label>
        {notUnderstood && (
          <p id={ids.understoodError} className="field-error" role="alert">
            Tick the box to say you understand before you export.
          </p>
        )}
      </div>
      <p className="field-hint">
        {hasPasskey
          ? 'Confirm with your passkey, or we’ll send a code to make sure it’s you'
          : 'We’ll send a code to make sure it’s you'}
        : to your email when you signed in with your phone number, and the other way round, if your account
        has both.
      </p>
      {state.status === 'pending' && state.action === 'passkey' && (
        <p className="status" role="status">
          Waiting for your passkey…
        </p>
      )}
      {sendError && (
        <p className="field-error" role="alert">
          {sendError.message}
        </p>
      )}
      <div className="actions">
        {hasPasskey && (
          <button type="submit" className="button" aria-disabled={pending || undefined}>
            Use your passkey
          </button>
        )}
        <button
          type={hasPasskey ? 'button' : 'submit'}
          className={hasPasskey ? 'button button-secondary' : 'button'}
          aria-disabled={pending || undefined}
          onClick={hasPasskey ? () => go('code') : undefined}
        >
          {pending && state.action === 'send' ? 'Sending a code…' : 'Send me a code'}
        </button>
      </div>
    </form>
  )
}
