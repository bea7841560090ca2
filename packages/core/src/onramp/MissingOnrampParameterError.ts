import { BaseError } from '../errors/BaseError.ts'

export class MissingOnrampParameterError extends BaseError {
  override name = 'MissingOnrampParameterError'
  readonly parameter: string

  constructor(parameter: string) {
    super(`The on-ramp link needs ${parameter}`, {
      details: `${parameter} is missing or blank.`,
      code: 'missing_onramp_parameter',
    })
    this.parameter = parameter
  }
}
