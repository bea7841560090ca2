import { BaseError } from './BaseError.ts'
import type { LoginErrorCode } from './loginErrorCodes.ts'
import { loginErrorMessages } from './loginErrorMessages.ts'
import { type LoginErrorStatus, loginErrorStatuses } from './loginErrorStatuses.ts'

export type LoginErrorOptions = {
  /** Replaces the catalogue's text, for a case the catalogue words too generally. */
  message?: string
  /** Extra facts for whoever debugs this; never secrets, never sent to the client. */
  details?: string
  cause?: unknown
}

/** A login-provider failure: one of the catalogue's codes, its text and the HTTP status the server answers with. */
export class LoginError extends BaseError {
  override name = 'LoginError'
  declare readonly code: LoginErrorCode
  readonly status: LoginErrorStatus

  constructor(code: LoginErrorCode, options: LoginErrorOptions = {}) {
    super(options.message ?? loginErrorMessages[code], {
      details: options.details,
      cause: options.cause,
      code,
    })
    this.status = loginErrorStatuses[code]
  }
}
