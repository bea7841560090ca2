import type { EmbeddedWalletAccount, WalletChainType } from './EmbeddedWalletAccount.ts'
import { isEmbeddedWallet } from './isEmbeddedWallet.ts'
import type { LinkedAccount } from './LinkedAccount.ts'

/**
 * The wallet to use for a chain type: the embedded wallet with `wallet_index` 0, the first one made.
 * Without one at index 0 (a user whose first wallet was removed, or data from elsewhere) it falls back to
 * the lowest index rather than leave the user walletless; at equal indexes a generated wallet comes before
 * an imported one, then the order of `linked_accounts`. Undefined when the user has no embedded wallet of
 * that chain type.
 */
export function selectEmbeddedWallet(
  accounts: readonly LinkedAccount[],
  chainType: WalletChainType,
): EmbeddedWalletAccount | undefined {
  let selected: EmbeddedWalletAccount | undefined
  for (const account of accounts) {
    if (!isEmbeddedWallet(account) || account.chain_type !== chainType) continue
    if (selected === undefined || comesBefore(account, selected)) selected = account
  }
  return selected
}

function comesBefore(candidate: EmbeddedWalletAccount, current: EmbeddedWalletAccount): boolean {
  if (candidate.wallet_index !== current.wallet_index) return candidate.wallet_index < current.wallet_index
  return !candidate.imported && current.imported
}
