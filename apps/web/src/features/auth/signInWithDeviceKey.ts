import type { CharterUser } from '@charter/core'
import { loadWalletKeys } from './loadWalletKeys.ts'

/**
 * Runs a sign-in request (`authenticate`, given the public key to send as `authorization_key`) with a fresh
 * device key, and binds the key to the user the server answers with: the session is born able to sign only from
 * this browser. Every way of signing in goes through here, so each binds its session the same way.
 */
export async function signInWithDeviceKey(
  authenticate: (authorizationKey: string) => Promise<{ user: CharterUser }>,
): Promise<CharterUser> {
  const { prepareSignInKey } = await loadWalletKeys()
  const key = await prepareSignInKey()
  const answer = await authenticate(key.publicKey)
  await key.bind(answer.user.id)
  return answer.user
}
