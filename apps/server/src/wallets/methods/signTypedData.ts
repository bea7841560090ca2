import { readTypedDataEffect } from '@charter/core'
import type { Hex, TypedDataDefinition } from 'viem'
import { z } from 'zod'
import { signTypedDataNatively } from '../secp256k1Signer.ts'
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
  const { EIP712Domain: _domainType, ...types } = typed_data.types
  const definition = {
    domain: typed_data.domain,
    types,
    message: typed_data.message,
    primaryType: typed_data.primary_type,
  } as unknown as TypedDataDefinition
  const where = typeof typed_data.domain.name === 'string' ? ` for ${typed_data.domain.name}` : ''
  // A permit or a transfer authorisation is money whoever holds the signature can move at once.
  const { chains } = context.sending
  const authorized = await context.authorize({
    effect: readTypedDataEffect(typed_data, (chainId) => {
      const chain = chains.find(String(chainId))
      return chain?.info.type === 'ethereum' ? chain.info.usdc?.address : undefined
    }),
    what: `Sign ${typed_data.primary_type} data${where}`,
  })
  const line = await context.activity({
    signed: { method: 'eth_signTypedData_v4', typed_data },
    summary: `Signed ${typed_data.primary_type} data${where}`,
  })
  let signature: Hex
  try {
    signature = await authorized.withKey((privateKey) => signTypedDataNatively(definition, privateKey))
  } catch (cause) {
    // viem checks the values against their types only as it encodes them, and not every refusal is its own
    // error class (a struct given a string is a TypeError): whatever it refuses is the caller's typed data.
    const reason = (cause as { shortMessage?: unknown })?.shortMessage ?? (cause as Error)?.message
    throw new TypedDataEncodingError(typeof reason === 'string' ? reason : 'cannot be encoded', { cause })
  }
  return { data: { encoding: 'hex', signature }, line }
}
