import { BaseError } from '@charter/core'

/** Why a funding route refused, with the HTTP status it answers with. */
export type OnrampErrorCode = 'not_found' | 'not_supported' | 'onramp_unavailable'

const statuses = {
  not_found: 404,
  not_supported: 404,
  onramp_unavailable: 502,
} as const satisfies Record<OnrampErrorCode, number>

/**
 * A refusal of the funding routes: `{error, code}` with its status. An `onramp_unavailable` is Coinbase failing:
 * its `details` (Coinbase's reason) go to the log, the member reads only the plain message.
 */
export class OnrampError extends BaseError {
  override name = 'OnrampError'
  declare readonly code: OnrampErrorCode
  readonly status: number

  constructor(code: OnrampErrorCode, message: string, options: { details?: string; cause?: unknown } = {}) {
    super(message, { code, ...options })
    this.status = statuses[code]
  }
}
