import {
  type CharterUser,
  getEmailAccount,
  getPhoneAccount,
  isExternalWallet,
  shortenAddress,
} from '@charter/core'
import type { DestinationKind } from '../auth/index.ts'
import { formatPhoneNumber } from '../auth/index.ts'

/**
 * How to name the signed-in person: the address of the kind they signed in with when that is known (a member
 * with both who signed in by email is named by their email), else their phone number, else their email address,
 * else (a member who signed up with a wallet) that wallet's short address.
 */
export function describeUser(user: CharterUser, signedInWith?: DestinationKind): string {
  const phone = getPhoneAccount(user)
  const email = getEmailAccount(user)
  if (signedInWith === 'email' && email) return email.address
  if (phone) return formatPhoneNumber(phone.phoneNumber)
  if (email) return email.address
  const wallet = user.linked_accounts.find(isExternalWallet)
  return wallet ? `the wallet ${shortenAddress(wallet.address)}` : 'your account'
}
