import { BaseError } from '../errors/BaseError.ts'

export class InvalidDecimalsError extends BaseError {
  override name = 'InvalidDecimalsError'

  // A caller's mistake, not a user's: the token's decimals or the shown decimals came in wrong.
  constructor(options: { parameter: string; value: number }) {
    super(`${options.parameter} must be a whole number from 0 to 255`, {
      details: `Got ${options.value}.`,
      code: 'invalid_decimals',
    })
  }
}
