import type { CharterUser } from '@charter/core'
import { postJson } from '../../lib/api.ts'
import type { Destination } from './Destination.ts'

/**
 * Replaces the user's phone number or email address (`from`, as stored) with `to`, proven by the code sent to
 * `to`. Both must be of the same kind.
 */
export function changeAccount(
  input: { from: Destination; to: Destination },
  code: string,
): Promise<CharterUser> {
  const { from, to } = input
  if (from.kind === 'phone' && to.kind === 'phone') {
    return postJson<CharterUser>('/api/v1/passwordless_sms/update', {
      old_phone_number: from.phoneNumber,
      new_phone_number: to.phoneNumber,
      code,
    })
  }
  if (from.kind === 'email' && to.kind === 'email') {
    return postJson<CharterUser>('/api/v1/passwordless/update', {
      oldAddress: from.email,
      newAddress: to.email,
      code,
    })
  }
  throw new TypeError('A phone number can only be changed to a phone number, an email to an email.')
}
