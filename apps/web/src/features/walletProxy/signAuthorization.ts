import { p1363ToDer } from '@charter/core'
import { bytesToBase64 } from './bytesToBase64.ts'

/**
 * The `privy-authorization-signature` of a request's payload: ECDSA P-256 over SHA-256, which WebCrypto gives as
 * r ‖ s and the server reads as DER, in base64.
 */
export async function signAuthorization(privateKey: CryptoKey, payload: Uint8Array): Promise<string> {
  const signature = await crypto.subtle.sign(
    { name: 'ECDSA', hash: 'SHA-256' },
    privateKey,
    payload as Uint8Array<ArrayBuffer>,
  )
  return bytesToBase64(p1363ToDer(new Uint8Array(signature)))
}
