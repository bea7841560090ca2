import type { ExternalWalletAccount } from './ExternalWalletAccount.ts'
import { isEmbeddedWallet } from './isEmbeddedWallet.ts'
import type { LinkedAccount } from './LinkedAccount.ts'

/**
 * Whether a linked account is a wallet the user holds themselves: a wallet that is not an embedded one. Both
 * kinds share `type: 'wallet'`, so `type` alone never tells them apart.
 */
export function isExternalWallet(account: LinkedAccount): account is ExternalWalletAccount {
  return account.type === 'wallet' && !isEmbeddedWallet(account)
}
