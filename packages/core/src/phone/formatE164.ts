import type { PhoneCountry } from './PhoneCountry.ts'
import { parsePhoneNumber } from './parsePhoneNumber.ts'

/**
 * The number as '+', calling code, national number ('+14155552671'), from anything `parsePhoneNumber` reads:
 * '(415) 555-2671' with 'US', or the `phone` and `countryCode` of `splitPhoneNumber`. The trunk prefix goes:
 * '07400 123456' with 'GB' is '+447400123456', not '+4407400123456'. Throws `PhoneNumberError`.
 */
export function formatE164(input: unknown, defaultCountry?: PhoneCountry): string {
  return parsePhoneNumber(input, defaultCountry).e164
}
