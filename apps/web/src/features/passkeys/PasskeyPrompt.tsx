import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useId, useState } from 'react'
import { Link } from 'wouter'
import { useWalletRuntime } from '../wallet/index.ts'
import { createPasskey } from './passkeyCeremonies.ts'
import { suggestedPasskeyName } from './passkeyName.ts'
import { linkPasskey } from './passkeysApi.ts'
import { passkeysSupported } from './passkeysSupported.ts'
import { refreshAfterPasskeyChange } from './refreshAfterPasskeyChange.ts'
import { useHasPasskey } from './useHasPasskey.ts'

const storageKey = 'charter.passkeyPrompt.dismissed'

const dismissed = () => {
  try {
    return localStorage.getItem(storageKey) === 'true'
  } catch {
    return false
  }
}

/**
 * "Protect your wallet with a passkey": shown after a send or an export to a member who has no passkey, on a
 * browser that can make one, until they add one or say "Not now" (kept in this browser for good). The passkey is
 * added right here, named after this browser; the Security page renames it.
 */
export function PasskeyPrompt() {
  const headingId = useId()
  const { proxy } = useWalletRuntime()
  const queryClient = useQueryClient()
  const hasPasskey = useHasPasskey()
  const [hidden, setHidden] = useState(dismissed)
  const add = useMutation({
    mutationFn: async () => {
      const name = suggestedPasskeyName()
      await linkPasskey(proxy, await createPasskey(), name)
      return name
    },
    onSettled: () => void refreshAfterPasskeyChange(queryClient),
  })

  if (add.isSuccess) {
    return (
      <section className="result stack-small" aria-labelledby={headingId}>
        <h2 id={headingId}>Your wallet has a passkey</h2>
        <p role="status">
          Added the passkey “{add.data}”. You can rename it on the{' '}
          <Link href="~/security#passkeys">Security page</Link>.
        </p>
      </section>
    )
  }
  if (hidden || !passkeysSupported() || hasPasskey !== false) return null

  const notNow = () => {
    setHidden(true)
    try {
      localStorage.setItem(storageKey, 'true')
    } catch {
      // Storage refused (private mode): the card stays away as long as the page.
    }
  }

  return (
    <section className="result stack-small" aria-labelledby={headingId}>
      <h2 id={headingId}>Protect your wallet with a passkey</h2>
      <p>
        With a passkey on this device, someone who gets your codes still cannot sign in as you, and you
        confirm exports and held requests at once.
      </p>
      {add.error && (
        <p className="field-error" role="alert">
          {add.error.message}
        </p>
      )}
      <div className="actions">
        <button
          type="button"
          className="button"
          aria-disabled={add.isPending || undefined}
          onClick={() => {
            if (!add.isPending) add.mutate()
          }}
        >
          Add a passkey
        </button>
        <button type="button" className="button button-secondary" onClick={notNow}>
          Not now
        </button>
      </div>
      <p className="muted">
        Or add one with a name of your choosing on the <Link href="~/security#passkeys">Security page</Link>.
      </p>
    </section>
  )
}
