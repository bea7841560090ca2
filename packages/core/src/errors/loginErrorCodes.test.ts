import { describe, expect, it } from 'vitest'
import { isLoginErrorCode } from './isLoginErrorCode.ts'
import { loginErrorCodes } from './loginErrorCodes.ts'
import { loginErrorMessages } from './loginErrorMessages.ts'
import { loginErrorStatuses } from './loginErrorStatuses.ts'

// The catalogue of login-provider codes in docs/login-api.md, in its order.
const catalogue =
  'oauth_account_suspended, missing_or_invalid_privy_app_id, missing_or_invalid_token, invalid_data, ' +
  'invalid_captcha, linked_to_another_user, cannot_link_more_of_type, failed_to_link_account, ' +
  'failed_to_update_account, allowlist_rejected, oauth_user_denied, unknown_auth_error, exited_auth_flow, ' +
  'must_be_authenticated, client_request_timeout, invalid_credentials, missing_or_invalid_mfa, ' +
  'embedded_wallet_already_exists, embedded_wallet_not_found, transaction_failure, unsupported_chain_id, ' +
  'not_supported, captcha_failure, too_many_requests, max_accounts_reached, disallowed_login_method, ' +
  'disallowed_plus_email, passkey_not_allowed, user_does_not_exist, insufficient_balance, ' +
  'account_transfer_required, unsupported_wallet_type'

describe('loginErrorCodes', () => {
  it('holds the 32 codes of the catalogue in docs/login-api.md, in its order', () => {
    expect(loginErrorCodes).toHaveLength(32)
    expect(loginErrorCodes).toEqual(catalogue.split(', '))
    expect(loginErrorCodes[0]).toBe('oauth_account_suspended')
    expect(loginErrorCodes[31]).toBe('unsupported_wallet_type')
  })

  it('has no duplicates', () => {
    expect(new Set(loginErrorCodes).size).toBe(loginErrorCodes.length)
  })
})

describe('loginErrorMessages', () => {
  it('has exactly one message per code', () => {
    expect(Object.keys(loginErrorMessages).sort()).toEqual([...loginErrorCodes].sort())
  })

  it.each(loginErrorCodes)('%s reads as a sentence a person can act on', (code) => {
    const message = loginErrorMessages[code]
    expect(message.trim()).toBe(message)
    expect(message.length).toBeGreaterThan(10)
    expect(message).toMatch(/^[A-Z]/)
    expect(message).toMatch(/\.$/)
    // A person reads this, so no code names or underscores leak into it.
    expect(message).not.toContain('_')
  })

  it('gives each code its own message', () => {
    expect(new Set(Object.values(loginErrorMessages)).size).toBe(loginErrorCodes.length)
  })

  it('words max_accounts_reached as Privy does (docs/login-api.md)', () => {
    expect(loginErrorMessages.max_accounts_reached).toBe(
      'This application is in development mode and must be upgraded to production to log in new users.',
    )
  })

  it('words the common failures of a code login', () => {
    expect(loginErrorMessages.invalid_credentials).toBe(
      'That code is not right. Check it and try again, or ask for a new one.',
    )
    expect(loginErrorMessages.too_many_requests).toBe('Too many attempts. Wait a little and try again.')
  })
})

describe('loginErrorStatuses', () => {
  it('has exactly one status per code, each a 4xx or 500', () => {
    expect(Object.keys(loginErrorStatuses).sort()).toEqual([...loginErrorCodes].sort())
    for (const status of Object.values(loginErrorStatuses)) {
      expect(status === 500 || (status >= 400 && status < 500)).toBe(true)
    }
  })

  it('answers 401 only for missing or wrong credentials', () => {
    const unauthorized = loginErrorCodes.filter((code) => loginErrorStatuses[code] === 401)
    expect(unauthorized).toEqual([
      'missing_or_invalid_token',
      'must_be_authenticated',
      'invalid_credentials',
      'missing_or_invalid_mfa',
    ])
  })

  it('answers 500 only for the catch-alls, which mean a bug or an outage', () => {
    const serverErrors = loginErrorCodes.filter((code) => loginErrorStatuses[code] === 500)
    expect(serverErrors).toEqual(['failed_to_link_account', 'failed_to_update_account', 'unknown_auth_error'])
  })

  it.each([
    ['invalid_data', 400],
    ['missing_or_invalid_privy_app_id', 400],
    ['unsupported_chain_id', 400],
    ['not_supported', 400],
    ['unsupported_wallet_type', 400],
    ['allowlist_rejected', 403],
    ['max_accounts_reached', 403],
    ['disallowed_login_method', 403],
    ['user_does_not_exist', 404],
    ['embedded_wallet_not_found', 404],
    ['client_request_timeout', 408],
    ['linked_to_another_user', 409],
    ['cannot_link_more_of_type', 409],
    ['embedded_wallet_already_exists', 409],
    ['account_transfer_required', 409],
    ['insufficient_balance', 422],
    ['transaction_failure', 422],
    ['too_many_requests', 429],
  ] as const)('maps %s to %i', (code, status) => {
    expect(loginErrorStatuses[code]).toBe(status)
  })
})

describe('isLoginErrorCode', () => {
  it.each(loginErrorCodes)('accepts %s', (code) => {
    expect(isLoginErrorCode(code)).toBe(true)
  })

  it.each([
    'INVALID_DATA',
    ' invalid_data',
    'invalid-data',
    'no_rpc_url',
    'toString',
    '',
    undefined,
    null,
    4001,
    {},
  ])('rejects %j', (value) => {
    expect(isLoginErrorCode(value)).toBe(false)
  })
})
