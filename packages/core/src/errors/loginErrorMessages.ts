import type { LoginErrorCode } from './loginErrorCodes.ts'

/**
 * What a person reads for each login-provider code: what happened and what to do next, one or two sentences.
 * The server sends these as `error`; the web app may show them as they are.
 */
export const loginErrorMessages = {
  oauth_account_suspended: 'That account has been suspended by its provider. Log in another way.',
  missing_or_invalid_privy_app_id:
    'This app’s login is not set up correctly. Contact the people who run it and tell them the app ID is wrong.',
  missing_or_invalid_token: 'Your session has ended. Log in again.',
  invalid_data: 'Some of the details sent are not valid. Check them and try again.',
  invalid_captcha: 'The security check did not pass. Complete it again and retry.',
  linked_to_another_user:
    'That account is already linked to another user. Log in with it instead, or link a different one.',
  cannot_link_more_of_type:
    'You have already linked an account of this type. Update the one you have instead of adding another.',
  failed_to_link_account: 'The account could not be linked. Try again in a moment.',
  failed_to_update_account: 'Your account could not be updated. Try again in a moment.',
  allowlist_rejected:
    'This account is not on the list of people allowed to use this app. Ask its team for access.',
  oauth_user_denied:
    'Access was not granted, so you were not logged in. Try again and allow access to continue.',
  unknown_auth_error: 'Something went wrong while logging in. Try again.',
  exited_auth_flow: 'Login was closed before it finished. Start again when you are ready.',
  must_be_authenticated: 'You need to be logged in to do that. Log in and try again.',
  client_request_timeout: 'The request took too long. Check your connection and try again.',
  invalid_credentials: 'That code is not right. Check it and try again, or ask for a new one.',
  missing_or_invalid_mfa: 'The second verification step is missing or not right. Complete it and try again.',
  embedded_wallet_already_exists: 'You already have a wallet here. Use the one you have.',
  embedded_wallet_not_found: 'No wallet was found for your account. Create one, then try again.',
  transaction_failure:
    'The transaction did not go through. Check the details and your balance, then try again.',
  unsupported_chain_id: 'That network is not supported. Choose another network.',
  not_supported: 'That is not supported here. Choose another option.',
  captcha_failure: 'The security check could not be completed. Reload the page and try again.',
  too_many_requests: 'Too many attempts. Wait a little and try again.',
  max_accounts_reached:
    'This application is in development mode and must be upgraded to production to log in new users.',
  disallowed_login_method: 'This app does not allow logging in this way. Choose another login method.',
  disallowed_plus_email: 'Email addresses with a "+" are not accepted here. Use an address without one.',
  passkey_not_allowed: 'Passkeys are not allowed for this app. Choose another login method.',
  user_does_not_exist: 'There is no account with these details. Check them, or sign up first.',
  insufficient_balance: 'Your balance is too low for this. Add funds and try again.',
  account_transfer_required: 'That account belongs to another user. Move it to this user to link it here.',
  unsupported_wallet_type: 'This kind of wallet is not supported. Use a different wallet.',
} as const satisfies Record<LoginErrorCode, string>
