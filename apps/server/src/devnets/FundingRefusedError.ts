import { BaseError } from '@charter/core'

/**
 * A local devnet refused a credit because of the request itself, not a fault of the devnet: the faucet answers 400
 * with this message, as it does for any other bad amount (e.g. too little SOL for a new account to exist).
 */
export class FundingRefusedError extends BaseError {
  override name = 'FundingRefusedError'

  constructor(shortMessage: string) {
    super(shortMessage, { code: 'funding_refused' })
  }
}
