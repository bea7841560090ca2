import { type CharterUser, getEmailAccount, getPhoneAccount } from '@charter/core'
import { formatPhoneNumber } from './formatPhoneNumber.ts'

/** How to name the signed-in person: their phone number, else their email address. */
export function describeUser(user: CharterUser): string {
  const phone = getPhoneAccount(user)
  if (phone) return formatPhoneNumber(phone.phoneNumber)
  return getEmailAccount(user)?.address ?? 'your account'
}
