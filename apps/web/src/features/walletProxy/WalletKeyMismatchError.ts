import { BaseError } from '@charter/core'

/**
 * The session holds another device key than this browser has (the stored key was lost, or storage was cleared):
 * a session keeps its first key, so only a new session, after signing out and in, can take a new one.
 */
export class WalletKeyMismatchError extends BaseError {
  override name = 'WalletKeyMismatchError'

  constructor(options: { cause?: unknown } = {}) {
    super(
      'This browser’s wallet key no longer matches your session. Sign out and sign in again to set up a new one.',
      { code: 'wallet_key_mismatch', cause: options.cause },
    )
  }
}
