import type { CharterUser } from '@charter/core'
import { userWallets } from '../wallet/index.ts'
import type { OfferedChain } from './chainsApi.ts'

/** The member's address on chains of `type`: every EVM chain shares the Ethereum wallet's, Solana has its own. */
export function walletAddressFor(user: CharterUser, type: OfferedChain['type']): string | undefined {
  return userWallets(user)[type]?.address
}
