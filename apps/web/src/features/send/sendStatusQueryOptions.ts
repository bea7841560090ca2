import { queryOptions } from '@tanstack/react-query'
import { type Answer, answerOf, api } from '../../lib/api.ts'

/** One send as `GET /wallets/{id}/sends` lists it (the server's type). */
export type SendRecord = Answer<
  Awaited<ReturnType<(typeof api.v1.wallets)[':id']['sends']['$get']>>
>['data'][number]

/** How often a pending send is read again. */
export const sendPollMs = 2_000

/**
 * A send's record, found by its hash among the wallet's newest sends (the server reads a pending one from its
 * chain as it answers); read again every 2 s until it is no longer pending. Undefined until the list has it.
 */
export const sendStatusQueryOptions = (walletId: string, hash: string) =>
  queryOptions({
    queryKey: ['send-status', walletId, hash],
    queryFn: async (): Promise<SendRecord | null> => {
      const { data } = await answerOf(
        api.v1.wallets[':id'].sends.$get({ param: { id: walletId }, query: { limit: '100' } }),
      )
      return data.find((send) => send.hash === hash) ?? null
    },
    refetchInterval: (query) => {
      const status = query.state.data?.status
      return status === undefined || status === 'pending' ? sendPollMs : false
    },
    retry: 2,
  })
