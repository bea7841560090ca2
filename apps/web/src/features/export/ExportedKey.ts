import type { exportWalletKey } from './exportWalletKey.ts'

/** What `POST /api/v1/wallets/{id}/export` answers: the key itself, or a keystore file and its passphrase. */
export type ExportedKey = Awaited<ReturnType<typeof exportWalletKey>>

export type ExportFormat = ExportedKey['format']
