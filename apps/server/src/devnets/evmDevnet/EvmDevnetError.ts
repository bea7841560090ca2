import { BaseError } from '@charter/core'

/** A local EVM devnet could not start, fund or stop. `details` carries what anvil said, for the log. */
export class EvmDevnetError extends BaseError {
  override name = 'EvmDevnetError'

  constructor(chainId: number, what: string, options: { details?: string; cause?: unknown } = {}) {
    super(`The local devnet for chain ${chainId} ${what}.`, options)
  }
}
