import { createPublicKey, type KeyObject, verify } from 'node:crypto'
import { LoginError } from '@charter/core'
import { and, eq, isNull } from 'drizzle-orm'
import type { Db } from '../db/Database.ts'
import { sessions } from '../db/schema.ts'

// Parsed keys by their SPKI text: every signed request would otherwise parse its session's key again.
const parsedKeys = new Map<string, KeyObject>()

/** Reads a base64 SPKI public key and checks it is a P-256 key; `invalid_data` otherwise. */
export function parseAuthorizationKey(spkiBase64: string): KeyObject {
  const known = parsedKeys.get(spkiBase64)
  if (known) return known
  let key: KeyObject
  try {
    key = createPublicKey({ key: Buffer.from(spkiBase64, 'base64'), format: 'der', type: 'spki' })
  } catch {
    throw new LoginError('invalid_data', {
      message: 'public_key: must be a P-256 public key in SPKI form, base64',
    })
  }
  if (key.asymmetricKeyType !== 'ec' || key.asymmetricKeyDetails?.namedCurve !== 'prime256v1') {
    throw new LoginError('invalid_data', { message: 'public_key: must be a P-256 (prime256v1) key' })
  }
  if (parsedKeys.size >= 10_000) parsedKeys.delete(parsedKeys.keys().next().value as string)
  parsedKeys.set(spkiBase64, key)
  return key
}

/**
 * Binds the browser's key to its session, once: a session keeps the first key it is given, so a stolen
 * cookie cannot swap in the thief's key and sign.
 */
export async function registerAuthorizationKey(db: Db, sessionId: string, spkiBase64: string): Promise<void> {
  parseAuthorizationKey(spkiBase64)
  const [row] = await db
    .update(sessions)
    .set({ authorizationKey: spkiBase64 })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.authorizationKey)))
    .returning({ id: sessions.id })
  if (!row) {
    const [current] = await db
      .select({ key: sessions.authorizationKey })
      .from(sessions)
      .where(eq(sessions.id, sessionId))
    if (current?.key === spkiBase64) return
    throw new LoginError('invalid_data', {
      message: 'This session already has a wallet key. Sign out and sign in again to use another device key.',
    })
  }
}

/** ECDSA P-256 over SHA-256 of `payload`, the signature DER in base64. */
export function verifyAuthorizationSignature(
  spkiBase64: string,
  payload: Uint8Array,
  signature: string,
): boolean {
  try {
    return verify(
      'sha256',
      payload,
      { key: parseAuthorizationKey(spkiBase64), dsaEncoding: 'der' },
      Buffer.from(signature, 'base64'),
    )
  } catch {
    return false
  }
}
