import { useQuery } from '@tanstack/react-query'
import type { OfferedChain } from '../balances/index.ts'
import { estimateMaxFee } from './estimateMaxFee.ts'
import type { SendAsset } from './SendOrder.ts'

/**
 * The fee estimate of the send as drafted (`estimateMaxFee`), read again every 15 s while the screen is open; none
 * for a send whose fee someone else pays.
 */
export const useMaxFee = (input: {
  chain: OfferedChain | undefined
  asset: SendAsset
  from: string
  to: string | undefined
  createsTokenAccount: boolean
  sponsored: boolean
}) =>
  useQuery({
    queryKey: [
      'send-fee',
      String(input.chain?.id),
      input.asset,
      input.from,
      input.to,
      input.createsTokenAccount,
    ],
    queryFn: () => estimateMaxFee({ ...input, chain: input.chain as OfferedChain }),
    enabled: input.chain !== undefined && !input.sponsored,
    refetchInterval: 15_000,
    retry: false,
  })
