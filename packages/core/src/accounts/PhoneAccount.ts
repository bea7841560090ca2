import type { UnixSeconds } from './UnixSeconds.ts'

/** A phone number the user proved to own with a one-time code. */
export type PhoneAccount = {
  type: 'phone'
  /** E.164, e.g. '+14155550100'. */
  phoneNumber: string
  /** When the account was linked to the user. */
  verified_at: UnixSeconds
  first_verified_at: UnixSeconds
  /** Moves on with every successful one-time code. */
  latest_verified_at: UnixSeconds
}
