import { parseQuantity, providerRpcErrorFromCode } from '@charter/core'
import { isAddress } from 'viem'
import { deepFreeze } from './deepFreeze.ts'

export type TypedDataField = { name: string; type: string }
export type TypedDataTypes = Record<string, TypedDataField[]>

export type TypedDataParams = {
  typed_data: {
    domain: Record<string, unknown>
    types: TypedDataTypes
    message: Record<string, unknown>
    primary_type: string
  }
}

export const invalidTypedData = (why: string) =>
  providerRpcErrorFromCode(-32602, { message: `eth_signTypedData_v4: ${why}` })

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

const isTypes = (value: unknown): value is TypedDataTypes =>
  isRecord(value) &&
  Object.values(value).every(
    (fields) =>
      Array.isArray(fields) &&
      fields.every(
        (field) => isRecord(field) && typeof field.name === 'string' && typeof field.type === 'string',
      ),
  )

/**
 * The domain fields a signature can cover, each checked for the value the server's signer (viem) encodes as a
 * person would read it: a number for a name would be signed as other bytes than its digits.
 */
const domainChecks: Record<string, (value: unknown) => boolean> = {
  name: (value) => typeof value === 'string',
  version: (value) => typeof value === 'string',
  chainId: (value) => parseQuantity(value) !== undefined,
  verifyingContract: (value) => typeof value === 'string' && isAddress(value),
  salt: (value) => typeof value === 'string' && /^0x[0-9a-fA-F]{64}$/.test(value),
}

/**
 * The first type, field or primary type named like a property every object inherits (`constructor`, `__proto__`,
 * …), which the server refuses: refused here too, before the person is asked to approve it.
 */
function inheritedName(types: TypedDataTypes, primaryType: unknown): string | undefined {
  const names = [
    ...Object.keys(types),
    ...Object.values(types).flatMap((fields) =>
      fields.flatMap(({ name, type }) => [name, type.replace(/(\[\d*\])+$/, '')]),
    ),
    ...(typeof primaryType === 'string' ? [primaryType] : []),
  ]
  return names.find((name) => name in Object.prototype)
}

/** JSON text, or an object taken once through JSON (bigints as decimals, as viem sends them). */
function snapshot(raw: unknown): unknown {
  try {
    return JSON.parse(
      typeof raw === 'string'
        ? raw
        : JSON.stringify(raw, (_key, value) => (typeof value === 'bigint' ? value.toString() : value)),
    )
  } catch {
    throw invalidTypedData('the typed data is not valid JSON')
  }
}

/**
 * `eth_signTypedData_v4`'s typed data (EIP-712) as the server takes it: read once into plain, frozen JSON, so
 * that what the dialog shows and what is sent are one and the same object (a getter cannot answer one thing
 * to the dialog and another to the request). Throws a -32602 ProviderRpcError for anything that is not typed
 * data; the fields themselves are checked as they are described.
 */
export function typedDataParams(raw: unknown): TypedDataParams {
  const data = snapshot(raw)
  if (!isRecord(data)) throw invalidTypedData('the typed data must be an object')
  const { domain = {}, types, message, primaryType } = data
  if (!isRecord(domain)) throw invalidTypedData('domain must be an object')
  for (const [name, value] of Object.entries(domain)) {
    const check = Object.hasOwn(domainChecks, name) ? domainChecks[name] : undefined
    if (!check) throw invalidTypedData(`domain.${name} is not an EIP-712 domain field`)
    // The signer leaves out a null field, as if it were not there.
    if (value !== null && !check(value)) throw invalidTypedData(`domain.${name} is not valid`)
  }
  if (!isTypes(types)) throw invalidTypedData('types must map each type to a list of {name, type}')
  const inherited = inheritedName(types, primaryType)
  if (inherited !== undefined) {
    throw invalidTypedData(
      `${JSON.stringify(inherited)} cannot name a type or field: every JavaScript object already has it, so the signature could cover a value that was never sent`,
    )
  }
  if (typeof primaryType !== 'string' || !Object.hasOwn(types, primaryType))
    throw invalidTypedData('primaryType must name one of types')
  // The server signs the domain from `domain` itself: a primary type of EIP712Domain would sign no message.
  if (primaryType === 'EIP712Domain') throw invalidTypedData('primaryType cannot be EIP712Domain')
  if (!isRecord(message)) throw invalidTypedData('message must be an object')
  return deepFreeze({ typed_data: { domain, types, message, primary_type: primaryType } })
}
