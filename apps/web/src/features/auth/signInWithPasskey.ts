import type { CharterUser, WireAuthenticationResponse } from '@charter/core'
import { answerOf, api } from '../../lib/api.ts'
import { passkeyForSignIn } from '../passkeys/index.ts'
import { signInWithDeviceKey } from './signInWithDeviceKey.ts'

/**
 * Signs in with the passkey the member picked (`passkeyForSignIn`) and binds the new session to a fresh device key,
 * as a code's sign-in does (`signInWithDeviceKey`): the key is made once the passkey has answered, and sent with
 * its assertion as `authorization_key`.
 */
export function completePasskeySignIn(picked: {
  challenge: string
  proof: WireAuthenticationResponse
}): Promise<CharterUser> {
  return signInWithDeviceKey((authorization_key) =>
    answerOf(
      api.v1.passkeys.authenticate.$post({
        json: { challenge: picked.challenge, authenticator_response: picked.proof, authorization_key },
      }),
    ),
  )
}

/** Signs in with a passkey from the browser's prompt. */
export const signInWithPasskey = async (): Promise<CharterUser> =>
  completePasskeySignIn(await passkeyForSignIn())
