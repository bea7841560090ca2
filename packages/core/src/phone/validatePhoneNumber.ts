import type { ParsedPhoneNumber } from './ParsedPhoneNumber.ts'
import type { PhoneCountry } from './PhoneCountry.ts'
import { PhoneNumberError, type PhoneNumberErrorReason } from './PhoneNumberError.ts'
import { parsePhoneNumber } from './parsePhoneNumber.ts'

export type PhoneNumberValidation =
  | { ok: true; phone: ParsedPhoneNumber }
  | { ok: false; reason: PhoneNumberErrorReason; message: string }

/**
 * `parsePhoneNumber` for a form checking as the person types: the same rules, answered as a value with a
 * message to show under the field instead of a throw.
 */
export function validatePhoneNumber(input: unknown, country?: PhoneCountry): PhoneNumberValidation {
  try {
    return { ok: true, phone: parsePhoneNumber(input, country) }
  } catch (error) {
    if (!(error instanceof PhoneNumberError)) throw error
    return { ok: false, reason: error.reason, message: error.shortMessage }
  }
}
