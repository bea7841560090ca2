import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import { balanceRefreshMs } from './balanceRefreshMs.ts'
import { type OfferedChain, readChainBalances } from './chainsApi.ts'

/**
 * One chain's balances of one address: a query per chain, so a failed chain is retried alone and the others
 * keep what they show. Read again every 15 s and on focus; what is shown stays until the new answer is in.
 * No automatic retries: the next refresh is one, and Retry is there for the impatient.
 */
export const balanceQueryOptions = (chain: OfferedChain, address: string) =>
  queryOptions({
    queryKey: ['balance', String(chain.id), address],
    queryFn: () => readChainBalances(chain, address),
    refetchInterval: balanceRefreshMs,
    refetchOnWindowFocus: true,
    placeholderData: keepPreviousData,
    retry: false,
  })

/** Every balance query of `address`, or of everyone: what a faucet call makes stale. */
export const balanceQueryPrefix = ['balance'] as const
