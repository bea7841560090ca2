import { BaseError } from '@charter/core'

/** The browser refused to keep the device key (storage full, blocked, or private browsing). */
export class WalletKeyStorageError extends BaseError {
  override name = 'WalletKeyStorageError'

  constructor(options: { cause?: unknown } = {}) {
    super(
      'This browser would not keep your wallet key. Allow this site to store data (private windows may not), then reload.',
      { code: 'wallet_key_storage', cause: options.cause },
    )
  }
}
