import {
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  type KeyObject,
  randomBytes,
} from 'node:crypto'
import { base58 } from '@scure/base'
import { evmAddressOf, isEvmPrivateKey } from './secp256k1Signer.ts'

export type ChainType = 'ethereum' | 'solana'

/** A new key pair: the private key as bytes (the caller seals and wipes it) and the wallet's address. */
export type NewKey = { privateKey: Buffer; address: string }

/** A key from the operating system's CSPRNG: secp256k1 for EVM, Ed25519 for Solana. */
export function generateWalletKey(chainType: ChainType): NewKey {
  if (chainType === 'ethereum') {
    for (;;) {
      const privateKey = randomBytes(32)
      // Outside [1, n) about once in 2^128 draws; checked in place, the key never made a string.
      if (!isEvmPrivateKey(privateKey)) continue
      return { privateKey, address: evmAddressOf(privateKey) }
    }
  }
  // The public key comes with the pair: deriving it again from the seed would cost a second key object.
  const { privateKey, publicKey } = generateKeyPairSync('ed25519')
  const seed = ed25519Seed(privateKey.export({ format: 'der', type: 'pkcs8' }))
  return { privateKey: seed, address: base58.encode(rawEd25519PublicKey(publicKey)) }
}

// PKCS#8 for Ed25519 is a fixed 16-byte prefix followed by the 32-byte seed (RFC 8410).
const pkcs8Ed25519Prefix = Buffer.from('302e020100300506032b657004220420', 'hex')
const spkiEd25519Prefix = Buffer.from('302a300506032b6570032100', 'hex')

const ed25519Seed = (pkcs8: Buffer) => Buffer.from(pkcs8.subarray(pkcs8Ed25519Prefix.length))

/** Node's key object for an Ed25519 seed, to sign with `crypto.sign(null, …)`. */
export function ed25519PrivateKey(seed: Uint8Array) {
  return createPrivateKey({ key: Buffer.concat([pkcs8Ed25519Prefix, seed]), format: 'der', type: 'pkcs8' })
}

/** The 32 bytes of an Ed25519 public key: its SPKI less the fixed prefix (RFC 8410). */
const rawEd25519PublicKey = (publicKey: KeyObject): Buffer =>
  Buffer.from(publicKey.export({ format: 'der', type: 'spki' }).subarray(spkiEd25519Prefix.length))

export function ed25519PublicKeyBytes(seed: Uint8Array): Buffer {
  return rawEd25519PublicKey(createPublicKey(ed25519PrivateKey(seed)))
}

/** A Solana address is the base58 of the 32-byte public key. */
export const solanaAddressOf = (seed: Uint8Array): string => base58.encode(ed25519PublicKeyBytes(seed))

/** Phantom and Solflare import the 64-byte secret key (seed ‖ public key) in base58. */
export const solanaSecretKeyBase58 = (seed: Uint8Array): string =>
  base58.encode(Buffer.concat([seed, ed25519PublicKeyBytes(seed)]))
