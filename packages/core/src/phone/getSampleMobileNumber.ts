import { getExampleNumber } from 'libphonenumber-js/min'
// Only the example numbers (about 2 KB gzip), not the 'mobile' metadata: the numbers are read with 'min'.
import examples from 'libphonenumber-js/mobile/examples'
import type { PhoneCountry } from './PhoneCountry.ts'
import { PhoneNumberError } from './PhoneNumberError.ts'

/**
 * A made-up mobile number of the country in E.164 ('+447400123456' for GB), for a placeholder: pass it to
 * `formatInternationalForCountry` to show '7400 123456'. Throws `PhoneNumberError` for an unknown country.
 */
export function getSampleMobileNumber(country: PhoneCountry): string {
  const sample = getExampleNumber(country, examples)
  if (!sample)
    throw new PhoneNumberError('INVALID_COUNTRY', { details: `Unknown country '${String(country)}'.` })
  return sample.number
}
