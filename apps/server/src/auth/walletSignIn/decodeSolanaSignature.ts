import { getBase58Encoder } from '@solana/kit'

const base64Of64Bytes = /^[A-Za-z0-9+/]{86}==$/
const base58 = /^[1-9A-HJ-NP-Za-km-z]{64,88}$/

/**
 * The 64 bytes of an Ed25519 signature sent as text: base64 (what Privy's client sends, padded: 88 characters
 * ending in `==`) or base58 (what Solana tools print). Padded base64 is told apart by its `==`, which base58 never
 * has; undefined when it is neither or not 64 bytes.
 */
export function decodeSolanaSignature(text: string): Uint8Array | undefined {
  if (base64Of64Bytes.test(text)) return new Uint8Array(Buffer.from(text, 'base64'))
  if (!base58.test(text)) return undefined
  const bytes = getBase58Encoder().encode(text)
  return bytes.length === 64 ? new Uint8Array(bytes) : undefined
}
