import { useQuery } from '@tanstack/react-query'
import { chainsQueryOptions } from '../balances/index.ts'

/**
 * A chain's name as the server offers it ('Base Sepolia'), from its id as `GET /api/v1/chains` names it
 * ('84532'); the id itself while the list comes or for a chain no longer offered.
 */
export function useChainName(chainId: string): string {
  const chains = useQuery(chainsQueryOptions())
  return chains.data?.find((chain) => String(chain.id) === chainId)?.name ?? chainId
}
