import { type CharterUser, type EmbeddedWalletAccount, selectEmbeddedWallet } from '@charter/core'

export type UserWallets = {
  ethereum: EmbeddedWalletAccount | undefined
  solana: EmbeddedWalletAccount | undefined
}

/** The user's wallet of each chain type: `wallet_index` 0 (core's `selectEmbeddedWallet`). */
export const userWallets = (user: CharterUser): UserWallets => ({
  ethereum: selectEmbeddedWallet(user.linked_accounts, 'ethereum'),
  solana: selectEmbeddedWallet(user.linked_accounts, 'solana'),
})
