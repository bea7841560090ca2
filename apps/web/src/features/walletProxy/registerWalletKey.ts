import { ApiError, answerOf, api } from '../../lib/api.ts'

/**
 * Offers a public key to the session. The server answers 'registered' for the key the session is bound to (at
 * sign-in, or a reload); 'taken' when the session is bound to another key; 'missing' when the session has no key
 * at all, which it takes only with a step-up code.
 */
export async function registerWalletKey(publicKey: string): Promise<'registered' | 'taken' | 'missing'> {
  try {
    await answerOf(api.v1.sessions.authorization_key.$post({ json: { public_key: publicKey } }))
    return 'registered'
  } catch (error) {
    // Our key is always a valid P-256 SPKI, so the only `invalid_data` left is a session that has another key.
    if (error instanceof ApiError && error.status === 400 && error.code === 'invalid_data') return 'taken'
    if (error instanceof ApiError && error.status === 401 && error.code === 'missing_or_invalid_mfa') {
      return 'missing'
    }
    throw error
  }
}
