/** What `POST /api/v1/wallets/{id}/export` answers: the key itself, or a keystore file and its passphrase. */
export type ExportedKey =
  | { format: 'private_key'; encoding: 'hex' | 'base58'; private_key: string }
  | { format: 'keystore'; keystore: Record<string, unknown>; passphrase: string }

export type ExportFormat = ExportedKey['format']
