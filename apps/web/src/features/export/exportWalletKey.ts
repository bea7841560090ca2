import type { WireAuthenticationResponse } from '@charter/core'
import type { WalletProxy } from '../walletProxy/index.ts'

/** How the member proves an export: the code `initExport` sent, or their passkey's confirmation of it. */
export type ExportProof =
  | { code: string }
  | { passkey: { authenticator_response: WireAuthenticationResponse } }

/** Exports the wallet's key, proven by a code or a passkey. A Solana key comes as its base58 secret key. */
export function exportWalletKey(
  proxy: WalletProxy,
  walletId: string,
  { format, ...proof }: ExportProof & { format: 'private_key' | 'keystore' },
) {
  return proxy.post((client) => client.api.v1.wallets[':id'].export, {
    param: { id: walletId },
    json: { ...proof, format },
  })
}
