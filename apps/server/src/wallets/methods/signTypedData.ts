import { parseQuantity } from '@charter/core'
import type { Hex, TypedDataDefinition } from 'viem'
import { z } from 'zod'
import { signTypedDataNatively } from '../secp256k1Signer.ts'
import { usdcSignatureAtStake } from '../sends/usdcSignatureAtStake.ts'
import { inheritedNameMessage, isInheritedName, typedDataProblem } from './typedDataProblem.ts'
import type { MethodOutcome, WalletMethodContext } from './WalletMethod.ts'

const typedDataTypes = z.record(z.string(), z.array(z.strictObject({ name: z.string(), type: z.string() })))

export const signTypedDataParams = z.strictObject({
  typed_data: z
    .strictObject({
      domain: z.record(z.string(), z.unknown()),
      // Seen before the record is built, which drops a `__proto__` key without a word.
      types: z.preprocess((types, context) => {
        if (typeof types !== 'object' || types === null) return types
        for (const name of Object.keys(types)) {
          if (isInheritedName(name)) {
            context.addIssue({ code: 'custom', path: [name], message: inheritedNameMessage(name, 'type') })
          }
        }
        return types
      }, typedDataTypes) as unknown as typeof typedDataTypes,
      message: z.record(z.string(), z.unknown()),
      primary_type: z.string().min(1),
    })
    .superRefine((typedData, context) => {
      const problem = typedDataProblem(typedData)
      if (problem) context.addIssue({ code: 'custom', ...problem })
    }),
})

export type SignTypedDataParameters = z.output<typeof signTypedDataParams>

export type SignTypedDataReturnType = { encoding: 'hex'; signature: Hex }

/** Typed data whose values do not fit their types: the caller's params, answered -32602. */
export class TypedDataEncodingError extends Error {
  override name = 'TypedDataEncodingError'
}

/** `eth_signTypedData_v4`: an EIP-712 signature; the `EIP712Domain` type, if sent, is viem's to derive. */
export async function signTypedData(
  context: WalletMethodContext,
  { typed_data }: SignTypedDataParameters,
): Promise<MethodOutcome<SignTypedDataReturnType>> {
  // A USDC permit or transfer authorisation is money anyone holding it can move: the new-device limit applies.
  const usdc = usdcSignatureAtStake(typed_data)
  if (usdc > 0n) {
    await context.sending.sendHold.assertMaySign({
      session: context.session,
      chain: String(parseQuantity(typed_data.domain.chainId) ?? 0n),
      moves: { native: 0n, usdc },
      nativeDecimals: 18,
      nativeSymbol: 'ETH',
      signing: 'a USDC permit or transfer authorisation',
    })
  }
  const { EIP712Domain: _domainType, ...types } = typed_data.types
  const definition = {
    domain: typed_data.domain,
    types,
    message: typed_data.message,
    primaryType: typed_data.primary_type,
  } as unknown as TypedDataDefinition
  const where = typeof typed_data.domain.name === 'string' ? ` for ${typed_data.domain.name}` : ''
  const line = await context.activity({
    signed: { method: 'eth_signTypedData_v4', typed_data },
    summary: `Signed ${typed_data.primary_type} data${where}`,
  })
  let signature: Hex
  try {
    signature = signTypedDataNatively(definition, context.privateKey)
  } catch (cause) {
    // viem checks the values against their types only as it encodes them, and not every refusal is its own
    // error class (a struct given a string is a TypeError): whatever it refuses is the caller's typed data.
    const reason = (cause as { shortMessage?: unknown })?.shortMessage ?? (cause as Error)?.message
    throw new TypedDataEncodingError(typeof reason === 'string' ? reason : 'cannot be encoded', { cause })
  }
  return { data: { encoding: 'hex', signature }, line }
}
