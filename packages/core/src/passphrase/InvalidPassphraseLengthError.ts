import { BaseError } from '../errors/BaseError.ts'

export class InvalidPassphraseLengthError extends BaseError {
  override name = 'InvalidPassphraseLengthError'
  readonly words: number

  constructor(words: number, range: { min: number; max: number }) {
    super(`A passphrase needs a whole number of words from ${range.min} to ${range.max}`, {
      details: `Received ${words}.`,
      code: 'invalid_passphrase_length',
    })
    this.words = words
  }
}
