import type { CharterUser } from '@charter/core'
import { answerOf, api } from '../../lib/api.ts'
import type { Destination } from './Destination.ts'
import { loadWalletKeys } from './loadWalletKeys.ts'

/**
 * Signs in (or up) with the code that went to `destination`, and binds the new session to a fresh device key:
 * its public key goes with the code (`authorization_key`), so the session is born able to sign only from this
 * browser. The session lives in the httpOnly cookie the server sets; the web app keeps no token of its own.
 */
export async function signInWithCode(destination: Destination, code: string): Promise<CharterUser> {
  const { prepareSignInKey } = await loadWalletKeys()
  const key = await prepareSignInKey()
  const answer =
    destination.kind === 'phone'
      ? await answerOf(
          api.v1.passwordless_sms.authenticate.$post({
            json: { phoneNumber: destination.phoneNumber, code, authorization_key: key.publicKey },
          }),
        )
      : await answerOf(
          api.v1.passwordless.authenticate.$post({
            json: { email: destination.email, code, authorization_key: key.publicKey },
          }),
        )
  await key.bind(answer.user.id)
  return answer.user
}
