import { sign } from 'node:crypto'
import { z } from 'zod'
import { ed25519PrivateKey, ed25519PublicKeyBytes } from '../walletKeys.ts'
import type { RpcResult } from './RpcResult.ts'
import {
  isSolanaMessage,
  isSolanaTransaction,
  parseSolanaTransaction,
  SolanaTransactionFormatError,
} from './solanaTransaction.ts'

const base64 = z
  .string()
  .min(1)
  .max(16_384)
  .regex(/^[A-Za-z0-9+/]+={0,2}$/, 'must be base64')

export const solanaParams = {
  signMessage: z.strictObject({ message: base64, encoding: z.literal('base64') }),
  signTransaction: z.strictObject({ transaction: base64, encoding: z.literal('base64') }),
} as const

export type SolanaMethod = keyof typeof solanaParams

export class SolanaSigningError extends Error {
  override name = 'SolanaSigningError'
}

/** Signs with the wallet's Ed25519 key (`seed`, 32 bytes, the caller's to wipe). */
export function runSolanaMethod(seed: Uint8Array, method: SolanaMethod, params: unknown): RpcResult {
  const key = ed25519PrivateKey(seed)
  switch (method) {
    case 'signMessage': {
      const { message } = solanaParams.signMessage.parse(params)
      const bytes = Buffer.from(message, 'base64')
      if (isSolanaMessage(bytes) || isSolanaTransaction(bytes)) {
        throw new SolanaSigningError(
          'message: these bytes are a Solana transaction, and a signature over them would authorise it. Use signTransaction, which shows the transaction for what it is.',
        )
      }
      const signature = sign(null, bytes, key)
      return {
        data: { encoding: 'base64', signature: signature.toString('base64') },
        signed: { method, message },
        summary: 'Signed a message',
      }
    }
    case 'signTransaction': {
      const { transaction } = solanaParams.signTransaction.parse(params)
      const bytes = new Uint8Array(Buffer.from(transaction, 'base64'))
      let parts: ReturnType<typeof parseSolanaTransaction>
      try {
        parts = parseSolanaTransaction(bytes)
      } catch (error) {
        if (error instanceof SolanaTransactionFormatError) {
          throw new SolanaSigningError(`transaction: not a Solana transaction (${error.message})`)
        }
        throw error
      }
      const publicKey = ed25519PublicKeyBytes(seed)
      const slot = parts.signers.findIndex((signer) => Buffer.from(signer).equals(publicKey))
      if (slot === -1) throw new SolanaSigningError('transaction: it needs no signature from this wallet')
      const signature = sign(null, parts.message, key)
      bytes.set(signature, parts.signaturesOffset + slot * 64)
      return {
        data: { encoding: 'base64', signed_transaction: Buffer.from(bytes).toString('base64') },
        signed: { method, transaction },
        summary: 'Signed a Solana transaction',
      }
    }
  }
}
