import type { WalletProxy } from '../walletProxy/index.ts'
import type { ExportedKey, ExportFormat } from './ExportedKey.ts'

/** Exports the wallet's key with the code `initExport` sent. A Solana key comes as its base58 secret key. */
export function exportWalletKey(
  proxy: WalletProxy,
  walletId: string,
  { code, format }: { code: string; format: ExportFormat },
): Promise<ExportedKey> {
  return proxy.post<ExportedKey>(`/api/v1/wallets/${walletId}/export`, { code, format })
}
