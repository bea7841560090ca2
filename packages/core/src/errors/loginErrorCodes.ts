/**
 * The login provider's error codes, in the order of the catalogue in docs/login-api.md. They are Privy's
 * codes, so a client written against Privy's shapes reads Charter's answers `{error, code}` unchanged.
 */
export const loginErrorCodes = [
  'oauth_account_suspended',
  'missing_or_invalid_privy_app_id',
  'missing_or_invalid_token',
  'invalid_data',
  'invalid_captcha',
  'linked_to_another_user',
  'cannot_link_more_of_type',
  'failed_to_link_account',
  'failed_to_update_account',
  'allowlist_rejected',
  'oauth_user_denied',
  'unknown_auth_error',
  'exited_auth_flow',
  'must_be_authenticated',
  'client_request_timeout',
  'invalid_credentials',
  'missing_or_invalid_mfa',
  'embedded_wallet_already_exists',
  'embedded_wallet_not_found',
  'transaction_failure',
  'unsupported_chain_id',
  'not_supported',
  'captcha_failure',
  'too_many_requests',
  'max_accounts_reached',
  'disallowed_login_method',
  'disallowed_plus_email',
  'passkey_not_allowed',
  'user_does_not_exist',
  'insufficient_balance',
  'account_transfer_required',
  'unsupported_wallet_type',
] as const

export type LoginErrorCode = (typeof loginErrorCodes)[number]
