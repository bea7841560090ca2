import { LoginError, type LoginErrorCode } from '@charter/core'

/**
 * Every reason a signed wallet sign-in message (EIP-4361 or Sign In With Solana) is refused, with the login code
 * it answers and the sentence the person reads. Each reason has its own sentence, so a member (and a test) can
 * tell which check failed; `details` of the error carry the values, for the log only.
 */
export const walletSignInRefusals = {
  malformed: {
    code: 'invalid_data',
    message:
      'This is not a sign-in message in the standard form (EIP-4361 or Sign In With Solana). Sign the message this app prepared.',
  },
  extra_lines: {
    code: 'invalid_data',
    message:
      'The message has lines a sign-in message does not have. Sign the message this app prepared, unchanged.',
  },
  smuggled_uri: {
    code: 'invalid_data',
    message:
      'The message’s statement names another site’s address. Sign in only with the message this app prepared.',
  },
  bad_resource: {
    code: 'invalid_data',
    message: 'Each resource listed in the message must be a URI. Sign the message this app prepared.',
  },
  bad_version: {
    code: 'invalid_data',
    message: 'Only version 1 of the sign-in message is accepted. Sign the message this app prepared.',
  },
  wrong_domain: {
    code: 'invalid_data',
    message:
      'The message was prepared for another site: its domain is not this app’s. Sign in from this app’s own page.',
  },
  wrong_uri: {
    code: 'invalid_data',
    message: 'The message’s URI is not on this app’s site. Sign in from this app’s own page.',
  },
  unsupported_chain: {
    code: 'unsupported_chain_id',
    message:
      'The message is for a network this app does not offer. Switch your wallet to one of its networks and sign again.',
  },
  issued_in_future: {
    code: 'invalid_data',
    message: 'The message is dated in the future (Issued At). Check your device’s clock and sign again.',
  },
  too_old: {
    code: 'invalid_credentials',
    message: 'The message was issued more than 10 minutes ago. Start the sign-in again.',
  },
  expired: {
    code: 'invalid_credentials',
    message: 'The message has expired (Expiration Time). Start the sign-in again.',
  },
  not_yet_valid: {
    code: 'invalid_credentials',
    message: 'The message is not valid yet (Not Before). Wait until then, or start the sign-in again.',
  },
  unknown_nonce: {
    code: 'invalid_credentials',
    message:
      'The message’s nonce was not issued to this wallet, or it was already used or has expired. Start the sign-in again.',
  },
  unreadable_signature: {
    code: 'invalid_data',
    message:
      'The signature is not in a form this app reads: hex for an Ethereum wallet, base64 (or base58) of 64 bytes for a Solana wallet.',
  },
  bad_signature: {
    code: 'invalid_credentials',
    message:
      'The signature does not match the message and the wallet’s address. Sign again with the wallet named in the message.',
  },
  chain_unavailable: {
    code: 'unknown_auth_error',
    message: 'The network could not be reached to check this wallet’s signature. Try again in a moment.',
  },
} as const satisfies Record<string, { code: LoginErrorCode; message: string }>

export type WalletSignInRefusal = keyof typeof walletSignInRefusals

/**
 * The refusal as a LoginError; `refusal` rides along so a route and its tests can branch on it (not named
 * `reason`: the error handler sends a `reason` as why a session ended).
 */
export class WalletSignInError extends LoginError {
  readonly refusal: WalletSignInRefusal

  constructor(refusal: WalletSignInRefusal, details?: string, cause?: unknown) {
    const { code, message } = walletSignInRefusals[refusal]
    super(code, { message, details, cause })
    this.refusal = refusal
  }
}
