import type { Hex } from 'viem'
import { signMessage } from 'viem/accounts'
import { z } from 'zod'
import { evmKey } from './evmKey.ts'
import type { MethodOutcome, WalletMethodContext } from './WalletMethod.ts'

export const personalSignParams = z.strictObject({
  message: z.string().max(32_768),
  encoding: z.enum(['utf-8', 'hex']),
})

export type PersonalSignParameters = z.output<typeof personalSignParams>

export type PersonalSignReturnType = { encoding: 'hex'; signature: Hex }

/** `personal_sign`: an EIP-191 signature of text, or of the bytes `message` spells in hex. */
export async function personalSign(
  context: WalletMethodContext,
  { message, encoding }: PersonalSignParameters,
): Promise<MethodOutcome<PersonalSignReturnType>> {
  const signature = await signMessage({
    message: encoding === 'hex' ? { raw: message as Hex } : message,
    privateKey: evmKey(context.privateKey),
  })
  return {
    data: { encoding: 'hex', signature },
    signed: { method: 'personal_sign', message, encoding },
    summary: 'Signed a message',
  }
}
