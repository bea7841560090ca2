import { type CharterUser, selectEmbeddedWallet } from '@charter/core'
import type { OfferedChain } from './chainsApi.ts'

/** The member's address on chains of `type`: every EVM chain shares the Ethereum wallet's, Solana has its own. */
export function walletAddressFor(user: CharterUser, type: OfferedChain['type']): string | undefined {
  return selectEmbeddedWallet(user.linked_accounts, type)?.address
}
