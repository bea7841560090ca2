import { hashKey, type QueryClient } from '@tanstack/react-query'
import { currentUserQueryKey } from './currentUserQueryOptions.ts'

/**
 * Shows this tab as signed out: no user, and nothing cached that belonged to the one who left. Only the server
 * health survives, which is nobody's.
 */
export function forgetSession(queryClient: QueryClient): void {
  queryClient.setQueryData(currentUserQueryKey, null)
  queryClient.removeQueries({
    predicate: (query) => query.queryKey[0] !== 'health' && query.queryHash !== hashKey(currentUserQueryKey),
  })
}
