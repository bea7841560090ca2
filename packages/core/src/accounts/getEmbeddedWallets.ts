import type { CharterUser } from './CharterUser.ts'
import type { EmbeddedWalletAccount, WalletChainType } from './EmbeddedWalletAccount.ts'
import { isEmbeddedWallet } from './isEmbeddedWallet.ts'

/** The user's embedded wallets, of one chain type if given, in the order of `linked_accounts`. */
export function getEmbeddedWallets(
  user: Pick<CharterUser, 'linked_accounts'>,
  chainType?: WalletChainType,
): EmbeddedWalletAccount[] {
  return user.linked_accounts.filter(
    (account): account is EmbeddedWalletAccount =>
      isEmbeddedWallet(account) && (chainType === undefined || account.chain_type === chainType),
  )
}
