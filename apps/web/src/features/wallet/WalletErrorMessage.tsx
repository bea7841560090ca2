import { SignOutButton, useSignOut } from '../session/index.ts'
import { describeWalletError } from './describeWalletError.ts'

type Props = {
  error: unknown
  /** The title when the error is none of the known ones, e.g. 'Your wallet could not be set up'. */
  title?: string
}

/**
 * A failed wallet action in words, as an alert; offers sign-out when only a new session can help. The person's
 * own Reject is no failure: a neutral status, with nothing to retry.
 */
export function WalletErrorMessage({ error, title: fallbackTitle }: Props) {
  const signingOut = useSignOut()
  const described = describeWalletError(error)
  const { description, signOut } = described
  if (described.declined) {
    return (
      <p className="status declined" role="status">
        {described.title} {description}
      </p>
    )
  }
  const title = described.known || !fallbackTitle ? described.title : fallbackTitle
  return (
    <div className="wallet-error" role="alert">
      <p className="wallet-error-title">{title}</p>
      <p>{description}</p>
      {signOut && <SignOutButton signOut={signingOut} />}
    </div>
  )
}
