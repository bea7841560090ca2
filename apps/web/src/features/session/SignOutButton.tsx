import { useId, useState } from 'react'
import { useLocation } from 'wouter'
import { focusMainContent } from '../../lib/focusMainContent.ts'
import { ModalDialog } from '../../ui/ModalDialog.tsx'
import type { useSignOut } from './useSignOut.ts'

type Props = {
  /** The caller's `useSignOut()`, so it can show what went wrong where it likes. */
  signOut: ReturnType<typeof useSignOut>
  /** Ends the sessions of every device, not only this one's: asks first. */
  everywhere?: boolean
  /** The id of a note that says what the button does, if there is one. */
  describedBy?: string
}

const labels = {
  here: { idle: 'Sign out', pending: 'Signing out…' },
  everywhere: { idle: 'Sign out everywhere', pending: 'Signing out everywhere…' },
} as const

/**
 * "Sign out" (or "Sign out everywhere", once confirmed: it cannot be taken back and reaches every device), then
 * the home page (from any nested route) with focus on its main content.
 */
export function SignOutButton({ signOut, everywhere = false, describedBy }: Props) {
  const [, navigate] = useLocation()
  const [confirming, setConfirming] = useState(false)
  const label = labels[everywhere ? 'everywhere' : 'here'][signOut.isPending ? 'pending' : 'idle']
  const go = () => {
    if (signOut.isPending) return
    signOut.mutate(everywhere ? { everywhere: true } : undefined, {
      onSuccess: () => {
        setConfirming(false)
        navigate('~/')
        focusMainContent()
      },
    })
  }
  return (
    <>
      <button
        type="button"
        className="button button-secondary"
        aria-disabled={signOut.isPending || undefined}
        aria-describedby={describedBy}
        onClick={() => {
          if (signOut.isPending) return
          if (everywhere) setConfirming(true)
          else go()
        }}
      >
        {label}
      </button>
      {confirming && (
        <ConfirmEverywhere
          pending={signOut.isPending}
          error={signOut.error?.message}
          onConfirm={go}
          onCancel={() => {
            if (!signOut.isPending) setConfirming(false)
          }}
        />
      )}
    </>
  )
}

function ConfirmEverywhere(props: {
  pending: boolean
  error: string | undefined
  onConfirm: () => void
  onCancel: () => void
}) {
  const textId = useId()
  return (
    <ModalDialog
      title="Sign out everywhere?"
      describedBy={textId}
      className="confirm-dialog"
      onCancel={props.onCancel}
    >
      <div id={textId} className="stack-small">
        <p>
          Every device and browser signed in to your account is signed out at once, this one too. Each will
          need a new code to sign in again, and says why it was signed out.
        </p>
        <p>
          Your wallets and their funds stay as they are. Do this if you lost a device or used a shared one.
        </p>
      </div>
      {props.error && (
        <p className="field-error" role="alert">
          {props.error}
        </p>
      )}
      <div className="actions dialog-actions">
        <button type="button" className="button button-secondary" onClick={props.onCancel}>
          Cancel
        </button>
        <button
          type="button"
          className="button"
          aria-disabled={props.pending || undefined}
          onClick={props.onConfirm}
        >
          {props.pending ? 'Signing out everywhere…' : 'Sign out everywhere'}
        </button>
      </div>
    </ModalDialog>
  )
}
