import { useLocation } from 'wouter'
import { focusMainContent } from '../../lib/focusMainContent.ts'
import type { useSignOut } from './useSignOut.ts'

type Props = {
  /** The caller's `useSignOut()`, so it can show what went wrong where it likes. */
  signOut: ReturnType<typeof useSignOut>
  /** Ends the sessions of every device, not only this one's. */
  everywhere?: boolean
  /** The id of a note that says what the button does, if there is one. */
  describedBy?: string
}

const labels = {
  here: { idle: 'Sign out', pending: 'Signing out…' },
  everywhere: { idle: 'Sign out everywhere', pending: 'Signing out everywhere…' },
} as const

/** "Sign out" (or "Sign out everywhere"), then the home page (from any nested route) with focus on its main content. */
export function SignOutButton({ signOut, everywhere = false, describedBy }: Props) {
  const [, navigate] = useLocation()
  return (
    <button
      type="button"
      className="button button-secondary"
      aria-disabled={signOut.isPending || undefined}
      aria-describedby={describedBy}
      onClick={() => {
        if (signOut.isPending) return
        signOut.mutate(everywhere ? { everywhere: true } : undefined, {
          onSuccess: () => {
            navigate('~/')
            focusMainContent()
          },
        })
      }}
    >
      {labels[everywhere ? 'everywhere' : 'here'][signOut.isPending ? 'pending' : 'idle']}
    </button>
  )
}
