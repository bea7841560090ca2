import { describe, expect, it } from 'vitest'
import { formatE164 } from './formatE164.ts'
import { splitPhoneNumber } from './splitPhoneNumber.ts'

describe('splitPhoneNumber', () => {
  it('splits a + number into its country and the number without the calling code', () => {
    expect(splitPhoneNumber('+44 20 7183 8750')).toEqual({ countryCode: 'GB', phone: '2071838750' })
    expect(splitPhoneNumber('+1 415-555-2671')).toEqual({ countryCode: 'US', phone: '4155552671' })
    expect(splitPhoneNumber('+33 6 12 34 56 78')).toEqual({ countryCode: 'FR', phone: '612345678' })
  })

  it('gives the country the number belongs to, not the main one of its calling code', () => {
    expect(splitPhoneNumber('+12423570000')).toEqual({ countryCode: 'BS', phone: '2423570000' })
    expect(splitPhoneNumber('+77012345678')).toEqual({ countryCode: 'KZ', phone: '7012345678' })
    expect(splitPhoneNumber('+79123456789')).toEqual({ countryCode: 'RU', phone: '9123456789' })
  })

  it('round-trips through formatE164', () => {
    for (const e164 of ['+442071838750', '+14155552671', '+33612345678', '+12423570000']) {
      const { countryCode, phone } = splitPhoneNumber(e164)
      expect(formatE164(phone, countryCode)).toBe(e164)
    }
  })

  it('gives the main country of the calling code when no country claims the number', () => {
    expect(splitPhoneNumber('+1 555 555 5555')).toEqual({ countryCode: 'US', phone: '5555555555' })
    expect(splitPhoneNumber('+1415')).toEqual({ countryCode: 'US', phone: '415' })
  })

  it('says US for a non-geographic number, which has no country', () => {
    expect(splitPhoneNumber('+800 1234 5678')).toEqual({ countryCode: 'US', phone: '12345678' })
  })

  it('says US and takes the calling code to be 1 when the number does not parse', () => {
    expect(splitPhoneNumber('+1')).toEqual({ countryCode: 'US', phone: '' })
    expect(splitPhoneNumber('+12')).toEqual({ countryCode: 'US', phone: '2' })
    expect(splitPhoneNumber('+999 123 456')).toEqual({ countryCode: 'US', phone: '999123456' })
  })

  it('says US and keeps the digits of input without +', () => {
    expect(splitPhoneNumber('(415) 555-2671')).toEqual({ countryCode: 'US', phone: '4155552671' })
    expect(splitPhoneNumber('020 7183 8750')).toEqual({ countryCode: 'US', phone: '02071838750' })
    expect(splitPhoneNumber('')).toEqual({ countryCode: 'US', phone: '' })
  })
})
