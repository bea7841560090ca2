import { createPublicKey, type KeyObject, verify } from 'node:crypto'
import { LoginError } from '@charter/core'

// Parsed keys by their SPKI text: every signed request would otherwise parse its session's key again.
const parsedKeys = new Map<string, KeyObject>()

/** Reads a device key (base64 SPKI) and checks it is a P-256 key; `invalid_data` naming `field` otherwise. */
export function parseAuthorizationKey(spkiBase64: string, field = 'public_key'): KeyObject {
  const known = parsedKeys.get(spkiBase64)
  if (known) return known
  let key: KeyObject
  try {
    key = createPublicKey({ key: Buffer.from(spkiBase64, 'base64'), format: 'der', type: 'spki' })
  } catch {
    throw new LoginError('invalid_data', {
      message: `${field}: must be a P-256 public key in SPKI form, base64`,
    })
  }
  if (key.asymmetricKeyType !== 'ec' || key.asymmetricKeyDetails?.namedCurve !== 'prime256v1') {
    throw new LoginError('invalid_data', { message: `${field}: must be a P-256 (prime256v1) key` })
  }
  if (parsedKeys.size >= 10_000) parsedKeys.delete(parsedKeys.keys().next().value as string)
  parsedKeys.set(spkiBase64, key)
  return key
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
