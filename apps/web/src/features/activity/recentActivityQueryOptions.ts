import { queryOptions } from '@tanstack/react-query'
import { activityQueryKey } from './activityQueryOptions.ts'
import { getActivity } from './getActivity.ts'
import { pendingRefreshMs } from './pendingRefreshMs.ts'

/** How many lines the home shows of the activity; "All activity" has the rest. */
export const recentActivityCount = 5

/**
 * The newest few lines, for the home. Under the activity's own key, so whatever makes the activity stale (a
 * send, money received) makes these stale too; read again every few seconds while a send in them is pending.
 */
export const recentActivityQueryOptions = () =>
  queryOptions({
    queryKey: [...activityQueryKey, 'recent'],
    queryFn: () => getActivity(undefined, recentActivityCount),
    staleTime: 0,
    refetchInterval: (query) =>
      query.state.data?.activity.some((line) => line.send?.status === 'pending') ? pendingRefreshMs : false,
  })
