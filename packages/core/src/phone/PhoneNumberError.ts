import { BaseError } from '../errors/BaseError.ts'

/**
 * Why a phone number was refused. The parser's four failures (`NOT_A_NUMBER`, `INVALID_COUNTRY`,
 * `TOO_SHORT`, `TOO_LONG`) keep libphonenumber-js's names; the rest are the checks a parse alone skips.
 */
export type PhoneNumberErrorReason =
  | 'NOT_A_STRING'
  | 'EMPTY'
  | 'NOT_A_NUMBER'
  | 'INVALID_COUNTRY'
  | 'TOO_SHORT'
  | 'TOO_LONG'
  /** Between two lengths the country allows, e.g. 11 digits in Türkiye, which has 10 or 12. */
  | 'INVALID_LENGTH'
  /** Possible length, but no number of that calling code starts like this (e.g. US area code 555). */
  | 'INVALID_NUMBER'
  /** The code goes out by SMS, which an extension cannot receive. */
  | 'HAS_EXTENSION'

export const phoneNumberErrorMessages: Record<PhoneNumberErrorReason, string> = {
  NOT_A_STRING: 'The phone number must be a string',
  EMPTY: 'Enter a phone number',
  NOT_A_NUMBER: "This doesn't look like a phone number",
  INVALID_COUNTRY: 'Choose a country or start the number with + and the country code',
  TOO_SHORT: 'This phone number is too short',
  TOO_LONG: 'This phone number is too long',
  INVALID_LENGTH: 'This phone number has the wrong number of digits',
  INVALID_NUMBER: "This isn't a valid phone number. Check the digits",
  HAS_EXTENSION: 'Remove the extension: the code is sent by text message',
}

export type PhoneNumberErrorOptions = {
  /** Replaces the reason's usual message when the input tells us something more precise. */
  shortMessage?: string
  details?: string
  cause?: unknown
}

/** A phone number we cannot use; `shortMessage` is written for the person who typed it. */
export class PhoneNumberError extends BaseError {
  override name = 'PhoneNumberError'
  readonly reason: PhoneNumberErrorReason

  constructor(reason: PhoneNumberErrorReason, options: PhoneNumberErrorOptions = {}) {
    super(options.shortMessage ?? phoneNumberErrorMessages[reason], {
      details: options.details,
      cause: options.cause,
      code: 'invalid_data',
    })
    this.reason = reason
  }
}
