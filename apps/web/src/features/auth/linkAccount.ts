import type { CharterUser } from '@charter/core'
import type { Destination } from './Destination.ts'
import type { SignedPoster } from './SignedPoster.ts'

/**
 * Adds a phone number or email address to the signed-in user, proven by the code sent to it. Signed with this
 * device's key: a stolen cookie alone cannot add an address to sign in with.
 */
export function linkAccount(
  proxy: SignedPoster,
  destination: Destination,
  code: string,
): Promise<CharterUser> {
  return destination.kind === 'phone'
    ? proxy.post<CharterUser>('/api/v1/passwordless_sms/link', { phoneNumber: destination.phoneNumber, code })
    : proxy.post<CharterUser>('/api/v1/passwordless/link', { email: destination.email, code })
}
