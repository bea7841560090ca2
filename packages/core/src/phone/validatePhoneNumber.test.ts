import { describe, expect, it } from 'vitest'
import { validatePhoneNumber } from './validatePhoneNumber.ts'

describe('validatePhoneNumber', () => {
  it('answers ok with the parsed number', () => {
    expect(validatePhoneNumber('+1 415-555-2671')).toEqual({
      ok: true,
      phone: { e164: '+14155552671', country: 'US', callingCode: '1', nationalNumber: '4155552671' },
    })
    expect(validatePhoneNumber('07400 123456', 'GB')).toMatchObject({
      ok: true,
      phone: { e164: '+447400123456' },
    })
  })

  it('answers each refusal with the message to show under the field', () => {
    expect(validatePhoneNumber('')).toEqual({ ok: false, reason: 'EMPTY', message: 'Enter a phone number' })
    expect(validatePhoneNumber('+1415')).toEqual({
      ok: false,
      reason: 'TOO_SHORT',
      message: 'This phone number is too short',
    })
    expect(validatePhoneNumber(`+1${'2'.repeat(18)}`)).toEqual({
      ok: false,
      reason: 'TOO_LONG',
      message: 'This phone number is too long',
    })
    expect(validatePhoneNumber('hello')).toEqual({
      ok: false,
      reason: 'NOT_A_NUMBER',
      message: "This doesn't look like a phone number",
    })
    expect(validatePhoneNumber('415 555 2671')).toEqual({
      ok: false,
      reason: 'INVALID_COUNTRY',
      message: 'Choose a country or start the number with + and the country code',
    })
    expect(validatePhoneNumber(4155552671)).toEqual({
      ok: false,
      reason: 'NOT_A_STRING',
      message: 'The phone number must be a string',
    })
  })

  it('takes the national number once a country is chosen', () => {
    expect(validatePhoneNumber('415 555 2671', 'US').ok).toBe(true)
  })

  it('stays not ok while a number is typed, until its last digit, and again past it', () => {
    const typed = ['+4', '+44', '+44 7', '+44 740', '+44 7400 1', '+44 7400 12345']
    for (const input of typed) expect(validatePhoneNumber(input).ok).toBe(false)
    expect(validatePhoneNumber('+44 7400 12').ok).toBe(false)
    expect(validatePhoneNumber('+44 7400 123456').ok).toBe(true)
    expect(validatePhoneNumber('+44 7400 1234567')).toMatchObject({ ok: false, reason: 'TOO_LONG' })
  })
})
