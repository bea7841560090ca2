import { noEffect } from '@charter/core'
import type { Hex } from 'viem'
import { z } from 'zod'
import { signMessageNatively } from '../secp256k1Signer.ts'
import type { MethodOutcome, WalletMethodContext } from './WalletMethod.ts'

/**
 * Hex of whole bytes, with or without `0x` (Privy's clients send `deadbeef`, EIP-1193 callers `0xdeadbeef`).
 * Empty (`''` or `0x`) is zero bytes, the same message as utf-8 `''`.
 */
const hexBytes = /^(0x)?([0-9a-fA-F]{2})*$/

export const personalSignParams = z
  .strictObject({
    message: z.string().max(32_768),
    encoding: z.enum(['utf-8', 'hex']),
  })
  .superRefine(({ message, encoding }, context) => {
    if (encoding === 'hex' && !hexBytes.test(message)) {
      context.addIssue({
        code: 'custom',
        path: ['message'],
        message:
          'with encoding hex, send the bytes as hex digits, two per byte, with or without 0x (like deadbeef); to sign text, send encoding utf-8',
      })
    }
  })

export type PersonalSignParameters = z.output<typeof personalSignParams>

export type PersonalSignReturnType = { encoding: 'hex'; signature: Hex }

/** The bytes `message` spells in hex, as viem takes raw bytes; the schema let only whole bytes through. */
const rawBytes = (message: string): Hex => (message.startsWith('0x') ? message : `0x${message}`) as Hex

/** `personal_sign`: an EIP-191 signature of text, or of the bytes `message` spells in hex. */
export async function personalSign(
  context: WalletMethodContext,
  { message, encoding }: PersonalSignParameters,
): Promise<MethodOutcome<PersonalSignReturnType>> {
  const authorized = await context.authorize({ effect: noEffect(), what: 'Sign a message' })
  const line = await context.activity({
    signed: { method: 'personal_sign', message, encoding },
    summary: 'Signed a message',
  })
  const signature = await authorized.withKey((privateKey) =>
    signMessageNatively(encoding === 'hex' ? { raw: rawBytes(message) } : message, privateKey),
  )
  return {
    data: { encoding: 'hex', signature },
    line,
  }
}
