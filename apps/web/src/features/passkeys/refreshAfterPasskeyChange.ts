import type { QueryClient } from '@tanstack/react-query'
import { heldActionsQueryKey } from '../holds/index.ts'
import { passkeysQueryKey } from './passkeysApi.ts'

/** After a passkey was added, renamed, removed or used: the list (its last use), and the held requests. */
export const refreshAfterPasskeyChange = (queryClient: QueryClient) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: passkeysQueryKey }),
    queryClient.invalidateQueries({ queryKey: heldActionsQueryKey }),
  ])
