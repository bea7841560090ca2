import { BaseError } from '@charter/core'

/**
 * A send, signature or export asked while the member froze the account: 403 `account_frozen`, with the time the
 * freeze ends (also as `Retry-After`).
 */
export class AccountFrozenError extends BaseError {
  override name = 'AccountFrozenError'
  readonly status = 403
  readonly retryAfterSeconds: number

  constructor(message: string, retryAfterSeconds: number) {
    super(message, { code: 'account_frozen' })
    this.retryAfterSeconds = Math.max(1, Math.ceil(retryAfterSeconds))
  }
}
