import { queryOptions } from '@tanstack/react-query'
import { getActivity } from './getActivity.ts'

export const activityQueryKey = ['wallet', 'activity'] as const

/** Asked again each time the list is shown (staleTime 0): a signature made a moment ago must be there. */
export const activityQueryOptions = () =>
  queryOptions({ queryKey: activityQueryKey, queryFn: getActivity, staleTime: 0 })
