import { createPrivateKey, createPublicKey, type KeyObject } from 'node:crypto'

/** A CDP secret API key, ready to sign with: ES256 for an EC (P-256) key, EdDSA for an Ed25519 one. */
export type CdpKey = { key: KeyObject; alg: 'ES256' | 'EdDSA' }

const base64Url = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url')

/**
 * The key of CDP_API_KEY_SECRET, in either form the CDP portal gives: a PEM EC private key (P-256), or 64 bytes
 * of base64, an Ed25519 seed followed by its public key (whose public half must be the seed's). A problem is worded
 * for the setting's error message and never quotes the secret.
 */
export function readCdpKey(secret: string): CdpKey | { problem: string } {
  const text = secret.trim()
  if (text.includes('-----BEGIN')) {
    // A key pasted into a .env file often keeps its line breaks as the two characters \n.
    const pem = text.replace(/\\n/g, '\n')
    let key: KeyObject
    try {
      key = createPrivateKey(pem)
    } catch {
      return { problem: 'not a readable PEM private key (paste the whole key, BEGIN and END lines included)' }
    }
    if (key.asymmetricKeyType !== 'ec' || key.asymmetricKeyDetails?.namedCurve !== 'prime256v1') {
      return { problem: 'a PEM key must be an EC key on P-256 (ES256), as the CDP portal makes them' }
    }
    return { key, alg: 'ES256' }
  }
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(text)) {
    return { problem: 'neither a PEM EC key nor an Ed25519 key as base64 (64 bytes)' }
  }
  const bytes = Buffer.from(text, 'base64')
  if (bytes.length !== 64) {
    return {
      problem: `an Ed25519 key is 64 bytes of base64 (seed and public key), this one is ${bytes.length} bytes`,
    }
  }
  const seed = bytes.subarray(0, 32)
  const publicHalf = bytes.subarray(32)
  let key: KeyObject
  try {
    key = createPrivateKey({
      key: { kty: 'OKP', crv: 'Ed25519', d: base64Url(seed), x: base64Url(publicHalf) },
      format: 'jwk',
    })
  } catch {
    return { problem: 'not a usable Ed25519 key' }
  }
  // The JWK import does not check that x belongs to d: a key whose halves differ would sign with the seed's key.
  const derived = createPublicKey(key).export({ format: 'jwk' }).x
  if (derived !== base64Url(publicHalf)) {
    return { problem: 'its last 32 bytes are not the public key of its first 32 (a damaged or mixed-up key)' }
  }
  return { key, alg: 'EdDSA' }
}
