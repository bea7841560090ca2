import type { CharterUser } from '@charter/core'
import { answerOf, api } from '../../lib/api.ts'
import type { Destination } from './Destination.ts'
import { signInWithDeviceKey } from './signInWithDeviceKey.ts'

/**
 * Signs in (or up) with the code that went to `destination`, and binds the new session to a fresh device key
 * (`signInWithDeviceKey`). The session lives in the httpOnly cookie the server sets; the web app keeps no token
 * of its own.
 */
export function signInWithCode(destination: Destination, code: string): Promise<CharterUser> {
  return signInWithDeviceKey((authorization_key) =>
    destination.kind === 'phone'
      ? answerOf(
          api.v1.passwordless_sms.authenticate.$post({
            json: { phoneNumber: destination.phoneNumber, code, authorization_key },
          }),
        )
      : answerOf(
          api.v1.passwordless.authenticate.$post({
            json: { email: destination.email, code, authorization_key },
          }),
        ),
  )
}
