import type { PhoneCountry } from './PhoneCountry.ts'

/** One row of a country picker. */
export type PhoneCountryOption = {
  country: PhoneCountry
  /** In the picker's language: 'United Kingdom' in English, 'Royaume-Uni' in French. */
  name: string
  /** Digits only: '44'. */
  callingCode: string
}
