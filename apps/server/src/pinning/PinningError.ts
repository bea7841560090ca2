import { BaseError } from '@charter/core'

/** Why the pinning service or its gateway refused a request, with the HTTP status it answers with. */
export type PinningErrorCode =
  | 'invalid_credentials'
  | 'payload_too_large'
  | 'invalid_cid'
  | 'not_found'
  | 'not_supported'

const statuses = {
  invalid_credentials: 401,
  payload_too_large: 413,
  invalid_cid: 400,
  not_found: 404,
  not_supported: 404,
} as const satisfies Record<PinningErrorCode, number>

/** A refusal of the pinning service or the gateway: `{error, code}` with its 4xx status. */
export class PinningError extends BaseError {
  override name = 'PinningError'
  declare readonly code: PinningErrorCode
  readonly status: number

  constructor(code: PinningErrorCode, message: string) {
    super(message, { code })
    this.status = statuses[code]
  }
}
