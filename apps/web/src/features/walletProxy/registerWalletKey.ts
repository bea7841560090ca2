import { ApiError, postJson } from '../../lib/api.ts'

/**
 * Binds a public key to the session. Registering the key the session already has succeeds again (a reload);
 * 'taken' means the session keeps another key, its first.
 */
export async function registerWalletKey(publicKey: string): Promise<'registered' | 'taken'> {
  try {
    await postJson<{ success: true }>('/api/v1/sessions/authorization_key', { public_key: publicKey })
    return 'registered'
  } catch (error) {
    // Our key is always a valid P-256 SPKI, so the only `invalid_data` left is a session that has another key.
    if (error instanceof ApiError && error.status === 400 && error.code === 'invalid_data') return 'taken'
    throw error
  }
}
