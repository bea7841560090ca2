import type { LoginErrorCode } from './loginErrorCodes.ts'

export type LoginErrorStatus = 400 | 401 | 403 | 404 | 408 | 409 | 422 | 429 | 500

/**
 * The HTTP status the server answers with for each login-provider code. Clients branch on `code`, never on the
 * status: a wrong one-time code is a 401 like an expired session, but only `missing_or_invalid_token` means
 * "refresh the session".
 *
 * - 400: the request itself is wrong and changing it fixes it (bad data, an unknown app ID, a chain, wallet type or
 *   feature Charter does not offer, a missing captcha).
 * - 401: a credential is missing or wrong (session token, one-time code, second factor).
 * - 403: understood, but the app's settings or a third party refuse it (allowlist, login methods, passkeys, "+"
 *   addresses, the development-mode user cap, a suspended or refused OAuth account, a captcha that failed its check).
 * - 404: the user or wallet named does not exist. 409: it clashes with what already exists.
 * - 422: well formed, but the chain's state refuses it (balance, a failed transaction).
 * - 429: rate limited. 500: the catch-alls, which mean a bug or an outage, never an expected answer.
 * - Codes that only a client raises (the person closed the flow, the request timed out) still get the status the
 *   server would use if it relayed one, so the map stays total: 400 and 408.
 */
export const loginErrorStatuses = {
  oauth_account_suspended: 403,
  missing_or_invalid_privy_app_id: 400,
  missing_or_invalid_token: 401,
  invalid_data: 400,
  invalid_captcha: 403,
  linked_to_another_user: 409,
  cannot_link_more_of_type: 409,
  failed_to_link_account: 500,
  failed_to_update_account: 500,
  allowlist_rejected: 403,
  oauth_user_denied: 403,
  unknown_auth_error: 500,
  exited_auth_flow: 400,
  must_be_authenticated: 401,
  client_request_timeout: 408,
  invalid_credentials: 401,
  missing_or_invalid_mfa: 401,
  embedded_wallet_already_exists: 409,
  embedded_wallet_not_found: 404,
  transaction_failure: 422,
  unsupported_chain_id: 400,
  not_supported: 400,
  captcha_failure: 400,
  too_many_requests: 429,
  max_accounts_reached: 403,
  disallowed_login_method: 403,
  disallowed_plus_email: 403,
  passkey_not_allowed: 403,
  user_does_not_exist: 404,
  insufficient_balance: 422,
  account_transfer_required: 409,
  unsupported_wallet_type: 400,
} as const satisfies Record<LoginErrorCode, LoginErrorStatus>
