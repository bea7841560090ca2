import { sign } from 'node:crypto'
import { z } from 'zod'
import { ed25519PrivateKey, ed25519PublicKeyBytes } from '../walletKeys.ts'
import { base64Param } from './base64Param.ts'
import { SolanaSigningError } from './SolanaSigningError.ts'
import { parseSolanaTransaction, SolanaTransactionFormatError } from './solanaTransaction.ts'
import type { MethodOutcome, WalletMethodContext } from './WalletMethod.ts'

export const solanaSignTransactionParams = z.strictObject({
  transaction: base64Param,
  encoding: z.literal('base64'),
})

export type SolanaSignTransactionParameters = z.output<typeof solanaSignTransactionParams>

export type SolanaSignTransactionReturnType = { encoding: 'base64'; signed_transaction: string }

/** `signTransaction` on Solana: the wire transaction with this wallet's signature slot filled, not sent. */
export async function solanaSignTransaction(
  context: WalletMethodContext,
  { transaction }: SolanaSignTransactionParameters,
): Promise<MethodOutcome<SolanaSignTransactionReturnType>> {
  const seed = context.privateKey
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
  const line = await context.activity({
    signed: { method: 'signTransaction', transaction },
    summary: 'Signed a Solana transaction',
  })
  const signature = sign(null, parts.message, ed25519PrivateKey(seed))
  bytes.set(signature, parts.signaturesOffset + slot * 64)
  return {
    data: { encoding: 'base64', signed_transaction: Buffer.from(bytes).toString('base64') },
    line,
  }
}
