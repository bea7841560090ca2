import { infiniteQueryOptions } from '@tanstack/react-query'
import { getActivity } from './getActivity.ts'

export const activityQueryKey = ['wallet', 'activity'] as const

/**
 * The activity a page at a time, older pages on request ("Show older"), so a flood of new lines never puts an
 * old one out of reach. Asked again each time the list is shown (staleTime 0): a signature made a moment ago
 * must be there.
 */
export const activityQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: activityQueryKey,
    queryFn: ({ pageParam }) => getActivity(pageParam),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (page) => page.next_before ?? undefined,
    staleTime: 0,
  })
