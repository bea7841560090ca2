import { describe, expect, it } from 'vitest'
import { BaseError } from './BaseError.ts'
import { LoginError } from './LoginError.ts'
import { loginErrorBody } from './loginErrorBody.ts'
import { MustBeAuthenticatedError } from './MustBeAuthenticatedError.ts'

describe('LoginError', () => {
  it('takes its text and status from the code', () => {
    const error = new LoginError('invalid_credentials')
    expect(error).toBeInstanceOf(BaseError)
    expect(error).toBeInstanceOf(Error)
    expect(error.name).toBe('LoginError')
    expect(error.code).toBe('invalid_credentials')
    expect(error.status).toBe(401)
    expect(error.shortMessage).toBe('That code is not right. Check it and try again, or ask for a new one.')
    expect(error.message).toBe(error.shortMessage)
    expect(error.details).toBeUndefined()
  })

  it('reads max_accounts_reached as Privy does (docs/login-api.md)', () => {
    const error = new LoginError('max_accounts_reached')
    expect(error.message).toBe(
      'This application is in development mode and must be upgraded to production to log in new users.',
    )
    expect(error.status).toBe(403)
  })

  it('takes a message that replaces the catalogue text, keeping code and status', () => {
    const error = new LoginError('invalid_data', { message: 'That phone number is not valid.' })
    expect(error.shortMessage).toBe('That phone number is not valid.')
    expect(error.code).toBe('invalid_data')
    expect(error.status).toBe(400)
  })

  it('adds details to message for debugging, keeping shortMessage for the person', () => {
    const cause = new Error('zod said no')
    const error = new LoginError('invalid_data', { details: 'phoneNumber: expected E.164', cause })
    expect(error.shortMessage).toBe('Some of the details sent are not valid. Check them and try again.')
    expect(error.message).toBe(
      'Some of the details sent are not valid. Check them and try again.\n\nDetails: phoneNumber: expected E.164',
    )
    expect(error.details).toBe('phoneNumber: expected E.164')
    expect(error.cause).toBe(cause)
  })

  it('maps to the 429 of rate limiting', () => {
    expect(new LoginError('too_many_requests').status).toBe(429)
  })
})

describe('loginErrorBody', () => {
  it('is the {error, code} answer, without details', () => {
    const error = new LoginError('too_many_requests', { details: 'phone +4915112345678 hit 5/min' })
    expect(loginErrorBody(error)).toEqual({
      error: 'Too many attempts. Wait a little and try again.',
      code: 'too_many_requests',
    })
    expect(JSON.stringify(loginErrorBody(error))).not.toContain('4915112345678')
  })
})

describe('MustBeAuthenticatedError', () => {
  it('reads "User must be authenticated" with the must_be_authenticated code and a 401', () => {
    const error = new MustBeAuthenticatedError()
    expect(error).toBeInstanceOf(LoginError)
    expect(error.name).toBe('MustBeAuthenticatedError')
    expect(error.message).toBe('User must be authenticated')
    expect(error.code).toBe('must_be_authenticated')
    expect(error.status).toBe(401)
  })
})
