import type { UnixSeconds } from './UnixSeconds.ts'

/**
 * A passkey (a WebAuthn credential) the member added, in the shape of Privy's `passkey` linked account
 * (docs/passkeys.md): the credential's id, the authenticator's name where known, and when it was added and last
 * used. `enrolled_in_mfa` is false: Charter asks for the passkey itself, and Privy's SDKs would otherwise ask for
 * their own MFA flow, which Charter does not serve.
 */
export type PasskeyAccount = {
  type: 'passkey'
  /** The credential's id, base64url. */
  credential_id: string
  /** The name the member chose ("Work laptop"). Charter's own field. */
  name: string
  /** The authenticator's own name where its AAGUID is known ("Google Password Manager"). */
  authenticator_name?: string
  created_with_browser?: string
  created_with_os?: string
  enrolled_in_mfa: false
  /** When it was added. */
  verified_at: UnixSeconds
  first_verified_at: UnixSeconds
  /** When it was last used to sign in or confirm an action; null when never. */
  latest_verified_at: UnixSeconds | null
}
