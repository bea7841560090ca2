import { getCountryCallingCode, parsePhoneNumberWithError } from 'libphonenumber-js/min'
import type { PhoneCountry } from './PhoneCountry.ts'
import { parsePhoneNumber } from './parsePhoneNumber.ts'

/**
 * The international format without the leading calling code, for a field that shows the country's '+1' beside
 * it: '+14155552671' for 'US' is '415 555 2671' (international grouping, so no '(415)' and no trunk '0' as in
 * the national format). A number of another calling code keeps its own, '+44 20 7183 8750', rather than lose
 * it. Throws `PhoneNumberError` as `parsePhoneNumber` does.
 */
export function formatInternationalForCountry(input: unknown, country: PhoneCountry): string {
  const { e164 } = parsePhoneNumber(input, country)
  const international = parsePhoneNumberWithError(e164).formatInternational()
  const prefix = `+${getCountryCallingCode(country)} `
  return international.startsWith(prefix) ? international.slice(prefix.length) : international
}
