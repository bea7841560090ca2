import type { WalletProxy } from '../walletProxy/index.ts'

/** Exports the wallet's key with the code `initExport` sent. A Solana key comes as its base58 secret key. */
export function exportWalletKey(
  proxy: WalletProxy,
  walletId: string,
  { code, format }: { code: string; format: 'private_key' | 'keystore' },
) {
  return proxy.post((client) => client.api.v1.wallets[':id'].export, {
    param: { id: walletId },
    json: { code, format },
  })
}
