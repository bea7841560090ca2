import { isSupportedCountry } from 'libphonenumber-js/min'
import type { PhoneCountry } from './PhoneCountry.ts'

/** Narrows a string from outside (a request body, a locale) to a country the phone metadata knows. */
export function isPhoneCountry(value: unknown): value is PhoneCountry {
  return typeof value === 'string' && isSupportedCountry(value)
}
