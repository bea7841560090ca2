import { ParseError, type PhoneNumber, parsePhoneNumberWithError } from 'libphonenumber-js/min'
import metadata from 'libphonenumber-js/min/metadata'
import { isPhoneCountry } from './isPhoneCountry.ts'
import type { PhoneCountry } from './PhoneCountry.ts'

export type SplitPhoneNumber = {
  /** An ISO country ('US', 'GB'), not a calling code: what a country picker holds. */
  countryCode: PhoneCountry
  /** National digits without the calling code: '4155552671'. */
  phone: string
}

const defaultCountry = 'US'
const defaultCallingCode = '1'

/**
 * Splits '+' and digits into the country and the rest, to fill a country picker and a number field:
 * '+44 20 7183 8750' is `{countryCode: 'GB', phone: '2071838750'}`. Never throws. When it cannot tell, it
 * says 'US' and takes the calling code to be 1:
 * - a number no country claims goes to its calling code's main country ('+1 555 555 5555' is US);
 * - a non-geographic number (+800, +882, …) has no country and also says 'US', so keep those in E.164;
 * - a '+' number that does not parse drops a leading '1' and keeps the other digits;
 * - input without '+' has no calling code to drop: 'US' and its digits.
 */
export function splitPhoneNumber(input: string): SplitPhoneNumber {
  const text = input.trim()
  const digits = text.replace(/\D/g, '')
  if (!text.startsWith('+')) return { countryCode: defaultCountry, phone: digits }

  const phoneNumber = parseOrUndefined(text)
  if (!phoneNumber) {
    const phone = digits.startsWith(defaultCallingCode) ? digits.slice(defaultCallingCode.length) : digits
    return { countryCode: defaultCountry, phone }
  }
  return {
    countryCode:
      phoneNumber.country ?? mainCountryForCallingCode(phoneNumber.countryCallingCode) ?? defaultCountry,
    phone: phoneNumber.nationalNumber,
  }
}

function parseOrUndefined(text: string): PhoneNumber | undefined {
  try {
    return parsePhoneNumberWithError(text, { extract: false })
  } catch (error) {
    if (error instanceof ParseError) return undefined
    throw error
  }
}

// The metadata lists a calling code's main country first: US for 1, RU for 7, GB for 44.
function mainCountryForCallingCode(callingCode: string): PhoneCountry | undefined {
  const main = metadata.country_calling_codes[callingCode]?.[0]
  return isPhoneCountry(main) ? main : undefined
}
