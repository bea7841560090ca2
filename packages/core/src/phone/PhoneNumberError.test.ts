import { describe, expect, it } from 'vitest'
import { BaseError } from '../errors/BaseError.ts'
import { PhoneNumberError, phoneNumberErrorMessages } from './PhoneNumberError.ts'

describe('PhoneNumberError', () => {
  it('is a BaseError with code invalid_data, its reason and the reason’s message', () => {
    const error = new PhoneNumberError('TOO_SHORT', { details: 'Two digits.' })
    expect(error).toBeInstanceOf(BaseError)
    expect(error.name).toBe('PhoneNumberError')
    expect(error.code).toBe('invalid_data')
    expect(error.reason).toBe('TOO_SHORT')
    expect(error.shortMessage).toBe('This phone number is too short')
    expect(error.message).toBe('This phone number is too short\n\nDetails: Two digits.')
  })

  it('takes a more precise message', () => {
    const error = new PhoneNumberError('INVALID_COUNTRY', {
      shortMessage: 'Check the country code after the +',
    })
    expect(error.shortMessage).toBe('Check the country code after the +')
  })

  it('has the messages of docs/errors.md', () => {
    expect(phoneNumberErrorMessages).toMatchObject({
      TOO_SHORT: 'This phone number is too short',
      TOO_LONG: 'This phone number is too long',
      NOT_A_NUMBER: "This doesn't look like a phone number",
      INVALID_COUNTRY: 'Choose a country or start the number with + and the country code',
    })
  })
})
