import { useQuery } from '@tanstack/react-query'
import type { OfferedChain } from '../balances/index.ts'
import { inspectRecipient } from './inspectRecipient.ts'

/** What the chain says of a well-formed recipient (`inspectRecipient`), read once per chain and address. */
export const useRecipientFacts = (chain: OfferedChain | undefined, to: string | undefined, own: string) =>
  useQuery({
    queryKey: ['send-recipient', String(chain?.id), to, own],
    queryFn: () => inspectRecipient(chain as OfferedChain, to as string, own),
    enabled: chain !== undefined && to !== undefined,
    staleTime: 30_000,
    retry: false,
  })
