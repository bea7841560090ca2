import { describe, expect, it } from 'vitest'
import { formatInternationalForCountry } from './formatInternationalForCountry.ts'
import { PhoneNumberError } from './PhoneNumberError.ts'

describe('formatInternationalForCountry', () => {
  it('drops the leading calling code from the international format', () => {
    expect(formatInternationalForCountry('+14155552671', 'US')).toBe('415 555 2671')
    expect(formatInternationalForCountry('+447400123456', 'GB')).toBe('7400 123456')
    expect(formatInternationalForCountry('+442071838750', 'GB')).toBe('20 7183 8750')
    expect(formatInternationalForCountry('+33612345678', 'FR')).toBe('6 12 34 56 78')
  })

  it('groups internationally: no brackets, no trunk prefix', () => {
    expect(formatInternationalForCountry('(415) 555-2671', 'US')).not.toContain('(')
    expect(formatInternationalForCountry('07400 123456', 'GB')).toBe('7400 123456')
  })

  it('drops the calling code the country shares with others', () => {
    // The Bahamas dial +1 as the US does.
    expect(formatInternationalForCountry('+12423570000', 'US')).toBe('242 357 0000')
  })

  it('keeps the calling code of a number from elsewhere', () => {
    expect(formatInternationalForCountry('+442071838750', 'US')).toBe('+44 20 7183 8750')
  })

  it('throws PhoneNumberError for a number it cannot use', () => {
    expect(() => formatInternationalForCountry('+1415', 'US')).toThrowError(PhoneNumberError)
  })
})
