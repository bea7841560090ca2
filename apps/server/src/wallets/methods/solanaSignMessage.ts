import { sign } from 'node:crypto'
import { isSolanaMessage, isSolanaTransaction, noEffect } from '@charter/core'
import { z } from 'zod'
import { ed25519PrivateKey } from '../walletKeys.ts'
import { base64Param } from './base64Param.ts'
import { SolanaSigningError } from './SolanaSigningError.ts'
import type { MethodOutcome, WalletMethodContext } from './WalletMethod.ts'

export const solanaSignMessageParams = z.strictObject({ message: base64Param, encoding: z.literal('base64') })

export type SolanaSignMessageParameters = z.output<typeof solanaSignMessageParams>

export type SolanaSignMessageReturnType = { encoding: 'base64'; signature: string }

/** `signMessage` on Solana: an Ed25519 signature of the bytes, which must not be a transaction in disguise. */
export async function solanaSignMessage(
  context: WalletMethodContext,
  { message }: SolanaSignMessageParameters,
): Promise<MethodOutcome<SolanaSignMessageReturnType>> {
  const bytes = Buffer.from(message, 'base64')
  if (isSolanaMessage(bytes) || isSolanaTransaction(bytes)) {
    throw new SolanaSigningError(
      'message: these bytes are a Solana transaction, and a signature over them would authorise it. Use signTransaction, which shows the transaction for what it is.',
    )
  }
  const authorized = await context.authorize({ effect: noEffect(), what: 'Sign a message' })
  const line = await context.activity({
    signed: { method: 'signMessage', message },
    summary: 'Signed a message',
  })
  const signature = await authorized.withKey((seed) => sign(null, bytes, ed25519PrivateKey(seed)))
  return {
    data: { encoding: 'base64', signature: signature.toString('base64') },
    line,
  }
}
