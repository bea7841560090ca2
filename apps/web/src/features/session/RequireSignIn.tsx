import type { CharterUser } from '@charter/core'
import { type ReactNode, useContext } from 'react'
import { SignInScreenContext } from './SignInScreenContext.ts'
import { useCurrentUser } from './useCurrentUser.ts'

type Props = {
  children: (user: CharterUser) => ReactNode
  /** What a signed-out visitor sees instead; by default a sign-in card. It must offer sign-in's `<SignIn />`. */
  signedOut?: ReactNode
}

/** Shows `children` to a signed-in person; anyone else signs in first, right here, and then sees them. */
export function RequireSignIn({ children, signedOut }: Props) {
  const currentUser = useCurrentUser()
  const SignIn = useContext(SignInScreenContext)
  if (!SignIn) throw new Error('RequireSignIn needs the sign-in form: put it in SignInScreenContext.')
  if (currentUser.data) return children(currentUser.data)
  if (currentUser.data === null) {
    return (
      signedOut ?? (
        <section className="card">
          <h1>Sign in to continue</h1>
          <SignIn />
        </section>
      )
    )
  }
  if (currentUser.isError) {
    return (
      <section className="card" role="alert">
        <h1>We could not check who is signed in</h1>
        <p>{currentUser.error.message}</p>
        <button type="button" className="button" onClick={() => void currentUser.refetch()}>
          Try again
        </button>
      </section>
    )
  }
  return (
    <p className="status" role="status">
      Checking whether you are signed in…
    </p>
  )
}
