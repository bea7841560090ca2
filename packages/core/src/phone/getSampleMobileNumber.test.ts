import { getCountries, getCountryCallingCode } from 'libphonenumber-js/min'
// Test only: the full mobile metadata checks the samples really are mobile numbers.
import { isValidPhoneNumber as isValidMobileNumber } from 'libphonenumber-js/mobile'
import { describe, expect, it } from 'vitest'
import { formatInternationalForCountry } from './formatInternationalForCountry.ts'
import { getSampleMobileNumber } from './getSampleMobileNumber.ts'
import type { PhoneCountry } from './PhoneCountry.ts'
import { PhoneNumberError } from './PhoneNumberError.ts'
import { parsePhoneNumber } from './parsePhoneNumber.ts'

describe('getSampleMobileNumber', () => {
  it('gives the package’s mobile example in E.164', () => {
    expect(getSampleMobileNumber('GB')).toBe('+447400123456')
    expect(getSampleMobileNumber('FR')).toBe('+33612345678')
    expect(getSampleMobileNumber('US')).toBe('+12015550123')
  })

  it('makes a placeholder with formatInternationalForCountry', () => {
    expect(formatInternationalForCountry(getSampleMobileNumber('GB'), 'GB')).toBe('7400 123456')
  })

  it('has a sample for every country, which we accept and which is a mobile number of that calling code', () => {
    for (const country of getCountries()) {
      const sample = getSampleMobileNumber(country)
      expect(parsePhoneNumber(sample).callingCode, country).toBe(getCountryCallingCode(country))
      expect(isValidMobileNumber(sample), country).toBe(true)
    }
  })

  it('throws PhoneNumberError for an unknown country', () => {
    expect(() => getSampleMobileNumber('XX' as PhoneCountry)).toThrowError(PhoneNumberError)
  })
})
