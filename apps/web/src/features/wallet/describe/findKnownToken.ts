import { getStablecoin, isStablecoinAddress } from '@charter/core'
import type { KnownToken } from '../../../ui/index.ts'

/** The token at `address` on that chain when Charter knows it (its stablecoin table); undefined otherwise. */
export function findKnownToken(chainId: number | undefined, address: string): KnownToken | undefined {
  if (chainId === undefined || !isStablecoinAddress(chainId, address)) return undefined
  const stablecoin = getStablecoin(chainId)
  return stablecoin && { symbol: stablecoin.symbol, decimals: stablecoin.decimals }
}
