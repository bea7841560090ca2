import { BaseError } from '@charter/core'

/** The local Solana cluster could not do what Charter asked of it (start, fund an address); details say why. */
export class SolanaDevnetError extends BaseError {
  override name = 'SolanaDevnetError'

  constructor(shortMessage: string, options: { details?: string; cause?: unknown } = {}) {
    super(shortMessage, { ...options, code: 'solana_devnet_error' })
  }
}
