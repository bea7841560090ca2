import type { UnixSeconds } from './UnixSeconds.ts'

/** An email address the user proved to own with a one-time code. */
export type EmailAccount = {
  type: 'email'
  address: string
  /** When the account was linked to the user. */
  verified_at: UnixSeconds
  first_verified_at: UnixSeconds
  /** Moves on with every successful one-time code. */
  latest_verified_at: UnixSeconds
}
