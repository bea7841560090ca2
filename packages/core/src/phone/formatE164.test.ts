import { describe, expect, it } from 'vitest'
import { formatE164 } from './formatE164.ts'
import { PhoneNumberError } from './PhoneNumberError.ts'

describe('formatE164', () => {
  it("gives '+', calling code and number with nothing between", () => {
    expect(formatE164('+1 415-555-2671')).toBe('+14155552671')
    expect(formatE164('(415) 555-2671', 'US')).toBe('+14155552671')
    expect(formatE164('+33 6 12 34 56 78')).toBe('+33612345678')
  })

  it('drops the trunk prefix of a national number', () => {
    expect(formatE164('07400 123456', 'GB')).toBe('+447400123456')
    expect(formatE164('06 12 34 56 78', 'FR')).toBe('+33612345678')
  })

  it('throws PhoneNumberError for a number it cannot use', () => {
    expect(() => formatE164('+1415')).toThrowError(PhoneNumberError)
    expect(() => formatE164('415 555 2671')).toThrowError('Choose a country')
  })
})
