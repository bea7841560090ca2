import { type CharterUser, getEmailAccount, getPhoneAccount } from '@charter/core'
import type { Destination, DestinationKind } from '../auth/index.ts'

/** The user's phone number or email address (whichever `kind` says) as a place to send a code, if they have one. */
export function accountDestination(user: CharterUser, kind: DestinationKind): Destination | undefined {
  if (kind === 'phone') {
    const phone = getPhoneAccount(user)
    return phone && { kind: 'phone', phoneNumber: phone.phoneNumber }
  }
  const email = getEmailAccount(user)
  return email && { kind: 'email', email: email.address }
}
