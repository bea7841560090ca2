import { createPublicKey, verify } from 'node:crypto'
import { getBase58Encoder } from '@solana/kit'
import { type Hex, verifyMessage } from 'viem'
import { parseSiweMessage } from 'viem/siwe'

/** SPKI's fixed prefix for a raw Ed25519 public key (RFC 8410). */
const ed25519SpkiPrefix = Buffer.from('302a300506032b6570032100', 'hex')

/**
 * The wallet a signed sign-in message proves, as the server checks it (in short: the address, the nonce and the
 * signature; the server's own tests cover every field): EIP-4361 recovered with viem, Sign In With Solana
 * verified as Ed25519 over the text. Undefined when the signature is not the address's.
 */
export async function verifyWalletSignIn(
  family: 'ethereum' | 'solana',
  message: string,
  signature: string,
): Promise<{ address: string; nonce: string } | undefined> {
  if (family === 'ethereum') {
    const { address, nonce } = parseSiweMessage(message)
    if (!address || !nonce) return undefined
    const valid = await verifyMessage({ address, message, signature: signature as Hex })
    return valid ? { address, nonce } : undefined
  }
  const address = message.split('\n')[1] ?? ''
  const nonce = /\nNonce: (\w+)\n/.exec(message)?.[1]
  if (!nonce) return undefined
  const key = createPublicKey({
    key: Buffer.concat([ed25519SpkiPrefix, Buffer.from(getBase58Encoder().encode(address))]),
    format: 'der',
    type: 'spki',
  })
  const valid = verify(null, Buffer.from(message, 'utf8'), key, Buffer.from(signature, 'base64'))
  return valid ? { address, nonce } : undefined
}
