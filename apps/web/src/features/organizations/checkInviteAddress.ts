import { type PhoneCountry, validatePhoneNumber } from '@charter/core'
import type { InvitationAddress } from './organizationsApi.ts'

// The same shape the sign-in form takes: something@something.something, no blanks.
const emailShape = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

/**
 * An address to invite, checked with the rules sign-in uses: a phone number with the core's phone rules (a
 * national number read in the chosen `country`, a number with '+' in its own), or an email address. A message
 * to show otherwise.
 */
export function checkInviteAddress(
  kind: 'phone' | 'email',
  input: string,
  country: PhoneCountry,
): { ok: true; address: InvitationAddress } | { ok: false; message: string } {
  if (kind === 'email') {
    const email = input.trim()
    return emailShape.test(email)
      ? { ok: true, address: { email: email.toLowerCase() } }
      : { ok: false, message: 'Enter an email address such as name@example.com.' }
  }
  const phone = validatePhoneNumber(input, country)
  return phone.ok
    ? { ok: true, address: { phone_number: phone.phone.e164 } }
    : { ok: false, message: phone.message }
}
