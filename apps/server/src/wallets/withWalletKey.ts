import type { WalletRow } from '../members/walletAccounts.ts'
import type { KeyVault } from './KeyVault.ts'

/** Opens the wallet's key for one operation and wipes it after, whatever happens. */
export async function withWalletKey<T>(
  vault: KeyVault,
  wallet: WalletRow,
  use: (privateKey: Buffer) => Promise<T> | T,
): Promise<T> {
  const privateKey = vault.open(
    {
      ciphertext: wallet.sealedKey,
      wrappedDataKey: wallet.wrappedDataKey,
      masterKeyId: wallet.masterKeyId,
    },
    { walletId: wallet.id, userId: wallet.userId },
  )
  try {
    return await use(privateKey)
  } finally {
    privateKey.fill(0)
  }
}
