import { getStablecoin } from './getStablecoin.ts'

/**
 * Whether `address` is the stablecoin contract on that chain. Compared without regard to case, because
 * published tables and RPC answers mix lower-case and checksummed spellings; a malformed address is simply `false`.
 */
export function isStablecoinAddress(chainId: number, address: string): boolean {
  const stablecoin = getStablecoin(chainId)
  return stablecoin !== undefined && stablecoin.address.toLowerCase() === address.toLowerCase()
}
