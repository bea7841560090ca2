import { type CharterUser, getEmailAccount, getPhoneAccount } from '@charter/core'
import type { DestinationKind } from './Destination.ts'
import { formatPhoneNumber } from './formatPhoneNumber.ts'

/**
 * How to name the signed-in person: the address of the kind they signed in with when that is known (a member
 * with both who signed in by email is named by their email), else their phone number, else their email address.
 */
export function describeUser(user: CharterUser, signedInWith?: DestinationKind): string {
  const phone = getPhoneAccount(user)
  const email = getEmailAccount(user)
  if (signedInWith === 'email' && email) return email.address
  if (phone) return formatPhoneNumber(phone.phoneNumber)
  return email?.address ?? 'your account'
}
