import type { EmbeddedWalletAccount } from './EmbeddedWalletAccount.ts'
import type { LinkedAccount } from './LinkedAccount.ts'

/**
 * Whether a linked account is a wallet the login provider holds the key of. The client and connector types
 * are checked as well as `type`, so an external wallet linked later (same `type: 'wallet'`) never passes.
 */
export function isEmbeddedWallet(account: LinkedAccount): account is EmbeddedWalletAccount {
  return (
    account.type === 'wallet' &&
    account.wallet_client_type === 'privy' &&
    account.connector_type === 'embedded'
  )
}
