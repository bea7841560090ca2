import { createCipheriv, randomBytes, randomUUID, scrypt as scryptCallback } from 'node:crypto'
import { promisify } from 'node:util'
import { keccak256 } from 'viem'
import { evmAddressOf } from './secp256k1Signer.ts'

const scrypt = promisify(scryptCallback) as (
  password: string,
  salt: Buffer,
  keylen: number,
  options: { N: number; r: number; p: number; maxmem: number },
) => Promise<Buffer>

// The parameters ethers and MetaMask write by default: about a second to try one passphrase on a laptop.
const kdfparams = { n: 131_072, r: 8, p: 1, dklen: 32 }

/** An Ethereum key in the Web3 Secret Storage (v3) format that MetaMask, ethers and geth import. */
export type KeystoreV3 = {
  version: 3
  id: string
  address: string
  crypto: {
    cipher: 'aes-128-ctr'
    cipherparams: { iv: string }
    ciphertext: string
    kdf: 'scrypt'
    kdfparams: { n: number; r: number; p: number; dklen: number; salt: string }
    mac: string
  }
}

export async function encryptKeystore(privateKey: Uint8Array, passphrase: string): Promise<KeystoreV3> {
  const salt = randomBytes(32)
  const iv = randomBytes(16)
  const derived = await scrypt(passphrase.normalize('NFKC'), salt, kdfparams.dklen, {
    N: kdfparams.n,
    r: kdfparams.r,
    p: kdfparams.p,
    maxmem: 256 * 1024 * 1024,
  })
  try {
    const cipher = createCipheriv('aes-128-ctr', derived.subarray(0, 16), iv)
    const ciphertext = Buffer.concat([cipher.update(privateKey), cipher.final()])
    const mac = keccak256(Buffer.concat([derived.subarray(16, 32), ciphertext])).slice(2)
    return {
      version: 3,
      id: randomUUID(),
      address: evmAddressOf(privateKey).slice(2).toLowerCase(),
      crypto: {
        cipher: 'aes-128-ctr',
        cipherparams: { iv: iv.toString('hex') },
        ciphertext: ciphertext.toString('hex'),
        kdf: 'scrypt',
        kdfparams: { ...kdfparams, salt: salt.toString('hex') },
        mac,
      },
    }
  } finally {
    derived.fill(0)
  }
}
