import { describe, expect, it } from 'vitest'
import { BaseError } from '../errors/BaseError.ts'
import type { PhoneCountry } from './PhoneCountry.ts'
import { PhoneNumberError, type PhoneNumberErrorReason } from './PhoneNumberError.ts'
import { parsePhoneNumber } from './parsePhoneNumber.ts'

function refusal(input: unknown, country?: PhoneCountry): PhoneNumberError {
  try {
    parsePhoneNumber(input, country)
  } catch (error) {
    if (error instanceof PhoneNumberError) return error
    throw error
  }
  throw new Error(`expected ${JSON.stringify(input)} to be refused`)
}

function reasonFor(input: unknown, country?: PhoneCountry): PhoneNumberErrorReason {
  return refusal(input, country).reason
}

describe('parsePhoneNumber', () => {
  it('reads + and digits as international and gives E.164, country, calling code and national number', () => {
    expect(parsePhoneNumber('+14155552671')).toEqual({
      e164: '+14155552671',
      country: 'US',
      callingCode: '1',
      nationalNumber: '4155552671',
    })
    expect(parsePhoneNumber('+44 20 7183 8750')).toEqual({
      e164: '+442071838750',
      country: 'GB',
      callingCode: '44',
      nationalNumber: '2071838750',
    })
  })

  it('allows the usual separators and surrounding spaces', () => {
    for (const input of ['+1 415-555-2671', '+1 (415) 555-2671', '+1.415.555.2671', '  +1 415 555 2671\n']) {
      expect(parsePhoneNumber(input).e164).toBe('+14155552671')
    }
  })

  it('reads Arabic-Indic digits', () => {
    expect(parsePhoneNumber('+٤٤٧٤٠٠١٢٣٤٥٦').e164).toBe('+447400123456')
  })

  it('reads a national number for the default country and drops its trunk prefix', () => {
    expect(parsePhoneNumber('(415) 555-2671', 'US').e164).toBe('+14155552671')
    expect(parsePhoneNumber('07400 123456', 'GB')).toEqual({
      e164: '+447400123456',
      country: 'GB',
      callingCode: '44',
      nationalNumber: '7400123456',
    })
  })

  it('lets a + number override the default country', () => {
    expect(parsePhoneNumber('+44 20 7183 8750', 'US').country).toBe('GB')
  })

  it('gives no country for a non-geographic number', () => {
    expect(parsePhoneNumber('+800 1234 5678')).toEqual({
      e164: '+80012345678',
      country: undefined,
      callingCode: '800',
      nationalNumber: '12345678',
    })
  })

  it('refuses anything but a string, saying so', () => {
    for (const input of [4155552671, undefined, null, {}, ['+14155552671']]) {
      const error = refusal(input)
      expect(error.reason).toBe('NOT_A_STRING')
      expect(error.shortMessage).toBe('The phone number must be a string')
    }
    expect(refusal(4155552671).details).toBe('Received a number.')
    expect(refusal(null).details).toBe('Received null.')
  })

  it('is a BaseError with code invalid_data and a message a person understands', () => {
    const error = refusal('+1415')
    expect(error).toBeInstanceOf(BaseError)
    expect(error.name).toBe('PhoneNumberError')
    expect(error.code).toBe('invalid_data')
    expect(error.shortMessage).toBe('This phone number is too short')
  })

  it('asks for a number when the input is blank', () => {
    expect(reasonFor('')).toBe('EMPTY')
    expect(reasonFor('   ')).toBe('EMPTY')
    expect(refusal('').shortMessage).toBe('Enter a phone number')
  })

  it('refuses text that is not a number, including a number inside other text', () => {
    for (const input of ['abc', '+', '+1 415 abc 2671', 'call +1 415 555 2671', '+1 415 555 2671 now']) {
      expect(reasonFor(input)).toBe('NOT_A_NUMBER')
    }
    expect(refusal('abc').shortMessage).toBe("This doesn't look like a phone number")
  })

  it('needs a country for a number without +', () => {
    const error = refusal('415 555 2671')
    expect(error.reason).toBe('INVALID_COUNTRY')
    expect(error.shortMessage).toBe('Choose a country or start the number with + and the country code')
  })

  it('refuses an unknown calling code, pointing at it', () => {
    const error = refusal('+999 123 456')
    expect(error.reason).toBe('INVALID_COUNTRY')
    expect(error.shortMessage).toBe('Check the country code after the +')
  })

  it('refuses an unknown default country', () => {
    const error = refusal('415 555 2671', 'XX' as PhoneCountry)
    expect(error.reason).toBe('INVALID_COUNTRY')
    expect(error.details).toBe("Unknown country 'XX'.")
  })

  describe('too short: under 2 national digits for the parser, then the country’s lengths', () => {
    it('has the parser refuse 1 national digit', () => {
      expect(reasonFor('+12')).toBe('TOO_SHORT')
      expect(refusal('+12').details).toBe('The parser refused it: TOO_SHORT.')
      expect(reasonFor('2', 'US')).toBe('TOO_SHORT')
    })

    it('lets the parser take 2 digits, which the length check then refuses', () => {
      expect(refusal('+1 23').details).toBe('2 national digits is not a possible length for +1.')
    })

    it('refuses +1415, which the parser alone would take', () => {
      const error = refusal('+1415')
      expect(error.reason).toBe('TOO_SHORT')
      expect(error.details).toBe('3 national digits is not a possible length for +1.')
    })
  })

  describe('too long: over 17 national digits, or over 250 characters', () => {
    it('has the parser refuse 18 national digits', () => {
      const error = refusal(`+44${'7'.repeat(18)}`)
      expect(error.reason).toBe('TOO_LONG')
      expect(error.shortMessage).toBe('This phone number is too long')
      expect(error.details).toBe('The parser refused it: TOO_LONG.')
    })

    it('lets the parser take 17, which the length check then refuses', () => {
      const error = refusal(`+44${'7'.repeat(17)}`)
      expect(error.reason).toBe('TOO_LONG')
      expect(error.details).toBe('17 national digits is not a possible length for +44.')
    })

    it('reads 250 characters and refuses 251, spaces included', () => {
      const padded = (length: number) => `+1${' '.repeat(length - 12)}4155552671`
      expect(padded(250)).toHaveLength(250)
      expect(parsePhoneNumber(padded(250)).e164).toBe('+14155552671')
      expect(reasonFor(padded(251))).toBe('TOO_LONG')
      expect(refusal(padded(251)).details).toBe('The input has 251 characters; at most 250 are read.')
      expect(reasonFor(`${' '.repeat(239)}+14155552671`)).toBe('TOO_LONG')
    })
  })

  it('refuses a length between two the country allows', () => {
    // Türkiye has 10- and 12-digit numbers, not 11.
    const error = refusal('+90 532 123 45 678')
    expect(error.reason).toBe('INVALID_LENGTH')
    expect(error.shortMessage).toBe('This phone number has the wrong number of digits')
  })

  it('refuses a possible length whose digits fall in no range', () => {
    for (const input of ['+1 555 555 5555', '+1 111 555 0123', '+44 7400 12345']) {
      expect(reasonFor(input)).toBe('INVALID_NUMBER')
    }
    const error = refusal('+1 555 555 5555')
    expect(error.shortMessage).toBe("This isn't a valid phone number. Check the digits")
    expect(error.details).not.toContain('555')
  })

  it('uses min metadata: accepts an unassigned French range that max metadata refuses', () => {
    expect(parsePhoneNumber('+33 7 00 00 00 00').e164).toBe('+33700000000')
  })

  it('refuses an extension, which cannot receive a text message', () => {
    for (const input of ['+1 415 555 2671 ext. 5', '+1 415 555 2671 x5']) {
      expect(reasonFor(input)).toBe('HAS_EXTENSION')
    }
  })
})
