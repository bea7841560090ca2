import { hashKey, type QueryClient } from '@tanstack/react-query'
import { currentUserQueryKey } from './currentUserQueryOptions.ts'
import { type SignedOutNotice, setSignedOutNotice } from './signedOutNotice.ts'

/**
 * Shows this tab as signed out: no user, and nothing cached that belonged to the one who left. Only the server
 * health survives, which is nobody's. `notice` says why, on the sign-in screen that follows.
 */
export function forgetSession(queryClient: QueryClient, notice?: SignedOutNotice): void {
  if (notice) setSignedOutNotice(notice)
  queryClient.setQueryData(currentUserQueryKey, null)
  queryClient.removeQueries({
    predicate: (query) => query.queryKey[0] !== 'health' && query.queryHash !== hashKey(currentUserQueryKey),
  })
}
