import type { Stablecoin } from './Stablecoin.ts'
import { usdcAddresses } from './usdcAddresses.ts'

/** The stablecoin Charter shows on a chain, or `undefined` where it knows none. */
export function getStablecoin(chainId: number): Stablecoin | undefined {
  if (!Object.hasOwn(usdcAddresses, chainId)) return undefined
  const address = usdcAddresses[chainId as keyof typeof usdcAddresses]
  return { address, symbol: 'USDC', decimals: 6 }
}
