import { BaseError } from './BaseError.ts'

/** The embedded wallet was asked to act before its proxy (the isolated frame that holds the key) was ready. */
export class WalletProxyNotInitializedError extends BaseError {
  override name = 'WalletProxyNotInitializedError'

  constructor(options: { cause?: unknown } = {}) {
    // Privy's clients use this text word for word.
    super('Wallet proxy not initialized', { code: 'wallet_proxy_not_initialized', cause: options.cause })
  }
}
