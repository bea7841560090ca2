import { useMutation, useQueryClient } from '@tanstack/react-query'
import { forgetSession } from './forgetSession.ts'
import { announceSession } from './sessionChannel.ts'
import { setSignedOutNotice, signedOutHere } from './signedOutNotice.ts'
import { type SignOutOptions, signOut } from './signOut.ts'

/**
 * Signs out here and, through the shared cookie and an announcement, in every other tab; with
 * `{everywhere: true}`, the server ends the sessions of every other device too.
 */
export function useSignOut() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (options: SignOutOptions | undefined) => signOut(options),
    onSuccess: (_, options) => {
      const everywhere = options?.everywhere === true
      setSignedOutNotice(signedOutHere({ everywhere }))
      forgetSession(queryClient)
      announceSession({ type: 'signed-out', everywhere })
    },
  })
}
