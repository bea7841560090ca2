import type { Destination } from '../auth/index.ts'
import type { SignedPoster } from './SignedPoster.ts'

/**
 * Adds a phone number or email address to the signed-in user, proven by the code sent to it. Signed with this
 * device's key: a stolen cookie alone cannot add an address to sign in with.
 */
export function linkAccount(proxy: SignedPoster, destination: Destination, code: string) {
  return destination.kind === 'phone'
    ? proxy.post((client) => client.api.v1.passwordless_sms.link, {
        json: { phoneNumber: destination.phoneNumber, code },
      })
    : proxy.post((client) => client.api.v1.passwordless.link, { json: { email: destination.email, code } })
}
