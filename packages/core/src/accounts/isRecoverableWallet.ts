import type { EmbeddedWalletAccount } from './EmbeddedWalletAccount.ts'
import { isEmbeddedWallet } from './isEmbeddedWallet.ts'
import type { LinkedAccount } from './LinkedAccount.ts'

export type RecoverableWallet = EmbeddedWalletAccount & { id: string; recovery_method: 'privy-v2' }

/** Recoverable on any device after login: an embedded wallet with an id and 'privy-v2', a key kept for you. */
export function isRecoverableWallet(account: LinkedAccount): account is RecoverableWallet {
  return (
    isEmbeddedWallet(account) &&
    typeof account.id === 'string' &&
    account.id !== '' &&
    account.recovery_method === 'privy-v2'
  )
}
