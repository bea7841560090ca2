import { infiniteQueryOptions } from '@tanstack/react-query'
import { balanceRefreshMs } from '../balances/index.ts'
import { getActivity } from './getActivity.ts'
import { pendingRefreshMs } from './pendingRefreshMs.ts'

export const activityQueryKey = ['wallet', 'activity'] as const

/**
 * The activity a page at a time, older pages on request ("Show older"), so a flood of new lines never puts an
 * old one out of reach. Asked again each time the list is shown (staleTime 0): a signature made a moment ago
 * must be there; every few seconds while a send in it is pending, so its status moves on by itself; else as
 * often as the balances, so money that arrives while the list is open shows in it.
 */
export const activityQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: activityQueryKey,
    queryFn: ({ pageParam }) => getActivity(pageParam),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (page) => page.next_before ?? undefined,
    staleTime: 0,
    refetchInterval: (query) =>
      query.state.data?.pages.some((page) => page.activity.some((line) => line.send?.status === 'pending'))
        ? pendingRefreshMs
        : balanceRefreshMs,
  })
