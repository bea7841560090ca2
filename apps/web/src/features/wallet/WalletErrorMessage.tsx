import { SignOutButton, useSignOut } from '../auth/index.ts'
import { describeWalletError } from './describeWalletError.ts'

type Props = {
  error: unknown
  /** The title when the error is none of the known ones, e.g. 'Your wallet could not be set up'. */
  title?: string
}

/** A failed wallet action in words, as an alert; offers sign-out when only a new session can help. */
export function WalletErrorMessage({ error, title: fallbackTitle }: Props) {
  const signingOut = useSignOut()
  const described = describeWalletError(error)
  const { description, signOut } = described
  const title = described.known || !fallbackTitle ? described.title : fallbackTitle
  return (
    <div className="wallet-error" role="alert">
      <p className="wallet-error-title">{title}</p>
      <p>{description}</p>
      {signOut && <SignOutButton signOut={signingOut} />}
    </div>
  )
}
