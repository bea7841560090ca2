import { BaseError } from '@charter/core'

/** A sender could not deliver a code. The person is told to try again; the vendor's answer goes to the log. */
export class SendFailedError extends BaseError {
  override name = 'SendFailedError'
  readonly status = 502

  constructor(channel: 'SMS' | 'email', options: { details: string; cause?: unknown }) {
    super(`The ${channel} with your code could not be sent. Please try again in a moment.`, {
      ...options,
      code: 'unknown_auth_error',
    })
  }
}
