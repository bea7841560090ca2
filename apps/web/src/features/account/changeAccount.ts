import type { Destination } from '../auth/index.ts'
import type { SignedPoster } from './SignedPoster.ts'

export type ChangeCodes = {
  /** The code sent to the new address: it is theirs. */
  code: string
  /** The code sent to an address the account already has (`initStepUp`): it is them. */
  stepUpCode: string
}

/**
 * Replaces the user's phone number or email address (`from`, as stored) with `to`, proven by two codes: one to
 * `to`, one to an address the account already has. Both must be of the same kind. Signed with this device's key.
 */
export function changeAccount(
  proxy: SignedPoster,
  input: { from: Destination; to: Destination },
  { code, stepUpCode }: ChangeCodes,
) {
  const { from, to } = input
  if (from.kind === 'phone' && to.kind === 'phone') {
    return proxy.post((client) => client.api.v1.passwordless_sms.update, {
      json: {
        old_phone_number: from.phoneNumber,
        new_phone_number: to.phoneNumber,
        code,
        step_up_code: stepUpCode,
      },
    })
  }
  if (from.kind === 'email' && to.kind === 'email') {
    return proxy.post((client) => client.api.v1.passwordless.update, {
      json: { oldAddress: from.email, newAddress: to.email, code, step_up_code: stepUpCode },
    })
  }
  throw new TypeError('A phone number can only be changed to a phone number, an email to an email.')
}
