import { useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import { isSessionEnded } from '../../lib/isSessionEnded.ts'
import { currentUserQueryKey } from './currentUserQueryOptions.ts'
import { forgetSession } from './forgetSession.ts'
import { listenToSessionAnnouncements } from './sessionChannel.ts'
import { setSignedOutNotice, signedOutByServer, signedOutHere } from './signedOutNotice.ts'

/**
 * Keeps this tab's idea of the session true: another tab's sign-in or sign-out arrives by BroadcastChannel,
 * and any request the server refuses for want of a session signs this tab out too, saying why when the
 * server or the other tab said (`signedOutNotice`). (Refetching the user when
 * the tab regains focus covers browsers without BroadcastChannel and sessions that simply expire.)
 */
export function useSessionSync(): void {
  const queryClient = useQueryClient()
  useEffect(() => {
    const stopListening = listenToSessionAnnouncements((message) => {
      // Signed in, or an address added or changed: ask the server who it is now.
      if (message.type === 'signed-out') {
        forgetSession(
          queryClient,
          signedOutHere({ everywhere: message.everywhere === true, elsewhere: true }),
        )
        return
      }
      if (message.type === 'signed-in') setSignedOutNotice(undefined)
      void queryClient.invalidateQueries({ queryKey: currentUserQueryKey })
    })
    const stopWatchingQueries = queryClient.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error' && isSessionEnded(event.action.error)) {
        forgetSession(queryClient, signedOutByServer(event.action.error))
      }
    })
    const stopWatchingMutations = queryClient.getMutationCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error' && isSessionEnded(event.action.error)) {
        forgetSession(queryClient, signedOutByServer(event.action.error))
      }
    })
    return () => {
      stopListening()
      stopWatchingQueries()
      stopWatchingMutations()
    }
  }, [queryClient])
}
