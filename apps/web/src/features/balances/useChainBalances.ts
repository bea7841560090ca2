import { useQueries } from '@tanstack/react-query'
import { balanceQueryOptions } from './balanceQueryOptions.ts'
import type { ChainBalanceState } from './ChainBalance.ts'
import type { OfferedChain } from './chainsApi.ts'

/** The balances of each chain shown, a query per chain (the member's address of that chain's type, which each has). */
export function useChainBalances(
  chains: readonly OfferedChain[],
  addressFor: (type: OfferedChain['type']) => string | undefined,
): ChainBalanceState[] {
  const queries = useQueries({
    queries: chains.map((chain) => balanceQueryOptions(chain, addressFor(chain.type) ?? '')),
  })
  return chains.map((chain, index) => {
    const query = queries[index]
    const balance = query?.data
    return {
      chain,
      balance,
      status: query?.isError ? 'failed' : balance ? 'ready' : 'loading',
      refreshing: query?.isFetching ?? false,
      retry: () => void query?.refetch(),
    }
  })
}
