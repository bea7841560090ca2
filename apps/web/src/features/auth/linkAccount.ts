import type { CharterUser } from '@charter/core'
import { postJson } from '../../lib/api.ts'
import type { Destination } from './Destination.ts'

/** Adds a phone number or email address to the signed-in user, proven by the code sent to it. */
export function linkAccount(destination: Destination, code: string): Promise<CharterUser> {
  return destination.kind === 'phone'
    ? postJson<CharterUser>('/api/v1/passwordless_sms/link', { phoneNumber: destination.phoneNumber, code })
    : postJson<CharterUser>('/api/v1/passwordless/link', { email: destination.email, code })
}
