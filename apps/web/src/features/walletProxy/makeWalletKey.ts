import { bytesToBase64 } from './bytesToBase64.ts'
import type { StoredWalletKey } from './WalletKeyStore.ts'

/**
 * A fresh P-256 key pair whose private key cannot be exported, and its public key in SPKI, base64; bound to
 * `userId`, or to nobody yet when it is made for a sign-in.
 */
export async function makeWalletKey(userId?: string): Promise<StoredWalletKey> {
  const keyPair = await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, false, ['sign'])
  const spki = new Uint8Array(await crypto.subtle.exportKey('spki', keyPair.publicKey))
  return { ...(userId !== undefined && { userId }), keyPair, publicKey: bytesToBase64(spki) }
}
