import { BaseError } from '@charter/core'

/**
 * The session has no device key at all (it was signed in without one, e.g. by an older page or another client),
 * and the server binds one to an existing session only after a code. A new sign-in on this device binds one from
 * the start, so that is the plain way out.
 */
export class WalletKeyMissingError extends BaseError {
  override name = 'WalletKeyMissingError'

  constructor(options: { cause?: unknown } = {}) {
    super(
      'Your session has no key on this device, so your wallet cannot sign here. Sign out and sign in again on this device to set one up.',
      { code: 'wallet_key_missing', cause: options.cause },
    )
  }
}
