import { BaseError } from '../errors/BaseError.ts'

export class InvalidOnrampParameterError extends BaseError {
  override name = 'InvalidOnrampParameterError'
  readonly parameter: string

  /** `reason` says what was expected; it must not quote secrets such as the session token. */
  constructor(options: { parameter: string; reason: string; cause?: unknown }) {
    super(`The on-ramp link's ${options.parameter} is not valid`, {
      details: options.reason,
      cause: options.cause,
      code: 'invalid_onramp_parameter',
    })
    this.parameter = options.parameter
  }
}
