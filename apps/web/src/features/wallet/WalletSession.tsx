import type { CharterUser } from '@charter/core'
import { useEffect } from 'react'
import { SignatureDialog } from './confirmation/SignatureDialog.tsx'
import { useWalletRuntime } from './useWalletRuntime.ts'

/**
 * The wallet's part of a signed-in page, whatever the screen: registers this browser's key with the session as
 * soon as someone is signed in, and shows the confirmation dialog whenever something asks for a signature.
 */
export function WalletSession({ user }: { user: CharterUser }) {
  const runtime = useWalletRuntime()
  useEffect(() => {
    runtime.connect(user)
  }, [runtime, user])
  return <SignatureDialog />
}
