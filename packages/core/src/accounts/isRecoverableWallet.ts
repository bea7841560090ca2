import type { EmbeddedWalletAccount } from './EmbeddedWalletAccount.ts'
import { isEmbeddedWallet } from './isEmbeddedWallet.ts'
import type { LinkedAccount } from './LinkedAccount.ts'

export type RecoverableWallet = EmbeddedWalletAccount & { id: string; recovery_method: 'privy-v2' }

/** The spec's rule: a wallet is recoverable on any device after login when it has an id and 'privy-v2'. */
export function isRecoverableWallet(account: LinkedAccount): account is RecoverableWallet {
  return (
    isEmbeddedWallet(account) &&
    typeof account.id === 'string' &&
    account.id !== '' &&
    account.recovery_method === 'privy-v2'
  )
}
