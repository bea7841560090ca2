import { useLocation } from 'wouter'
import { focusMainContent } from '../../lib/focusMainContent.ts'
import type { useSignOut } from './useSignOut.ts'

type Props = {
  /** The caller's `useSignOut()`, so it can show what went wrong where it likes. */
  signOut: ReturnType<typeof useSignOut>
}

/** "Sign out", then the home page (from any nested route) with focus on its main content. */
export function SignOutButton({ signOut }: Props) {
  const [, navigate] = useLocation()
  return (
    <button
      type="button"
      className="button button-secondary"
      aria-disabled={signOut.isPending || undefined}
      onClick={() => {
        if (signOut.isPending) return
        signOut.mutate(undefined, {
          onSuccess: () => {
            navigate('~/')
            focusMainContent()
          },
        })
      }}
    >
      {signOut.isPending ? 'Signing out…' : 'Sign out'}
    </button>
  )
}
