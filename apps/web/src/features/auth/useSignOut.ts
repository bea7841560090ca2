import { useMutation, useQueryClient } from '@tanstack/react-query'
import { forgetSession } from './forgetSession.ts'
import { announceSession } from './sessionChannel.ts'
import { signOut } from './signOut.ts'

/** Signs out here and, through the shared cookie and an announcement, in every other tab. */
export function useSignOut() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: signOut,
    onSuccess: () => {
      forgetSession(queryClient)
      announceSession({ type: 'signed-out' })
    },
  })
}
