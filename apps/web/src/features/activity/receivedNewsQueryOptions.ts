import { queryOptions } from '@tanstack/react-query'
import { balanceRefreshMs } from '../balances/index.ts'
import { getReceivedNews } from './receivedNewsApi.ts'

/**
 * Money received not yet told, asked as often as the balances are read (and on focus), so the news and the new
 * balance come together. No retries: the next poll is one.
 */
export const receivedNewsQueryOptions = () =>
  queryOptions({
    queryKey: ['wallet', 'received', 'news'],
    queryFn: getReceivedNews,
    refetchInterval: balanceRefreshMs,
    refetchOnWindowFocus: true,
    staleTime: 0,
    retry: false,
  })
