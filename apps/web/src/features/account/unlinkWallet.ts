import type { WalletChainType } from '@charter/core'
import type { SignedPoster } from './SignedPoster.ts'

/**
 * Removes a linked wallet from the account. Signed with this device's key. The server refuses to remove the
 * account's last way to sign in, in words this app shows as they are.
 */
export function unlinkWallet(proxy: SignedPoster, wallet: { chain_type: WalletChainType; address: string }) {
  const json = { address: wallet.address }
  return wallet.chain_type === 'ethereum'
    ? proxy.post((client) => client.api.v1.siwe.unlink, { json })
    : proxy.post((client) => client.api.v1.siws.unlink, { json })
}
