import { useQuery } from '@tanstack/react-query'
import type { OfferedChain } from '../balances/index.ts'
import { inspectRecipient } from './inspectRecipient.ts'

/**
 * What the chain says of a well-formed recipient (`inspectRecipient`), read once per chain and address;
 * `colleague`: the address is a fellow member's wallet.
 */
export const useRecipientFacts = (
  chain: OfferedChain | undefined,
  to: string | undefined,
  own: string,
  colleague: boolean,
) =>
  useQuery({
    queryKey: ['send-recipient', String(chain?.id), to, own, colleague],
    queryFn: () => inspectRecipient(chain as OfferedChain, to as string, own, colleague),
    enabled: chain !== undefined && to !== undefined,
    staleTime: 30_000,
    retry: false,
  })
