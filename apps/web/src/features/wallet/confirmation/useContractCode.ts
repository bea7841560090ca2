import { useQuery } from '@tanstack/react-query'
import { hasContractCode } from '../../balances/index.ts'

/**
 * Whether the recipient is a contract on the transaction's chain, read from that chain through Charter's proxy
 * (`eth_getCode`): true, false, or undefined while unknown (not asked, loading, or a chain that did not answer).
 * Code does not change under an address often enough to ask twice in one dialog.
 */
export function useContractCode(chainId: number, address: string | undefined, ask: boolean) {
  const query = useQuery({
    queryKey: ['contract-code', chainId, address],
    queryFn: () => hasContractCode(chainId, address as string),
    enabled: ask && address !== undefined,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  })
  return query.data
}
