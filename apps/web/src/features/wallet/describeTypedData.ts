import { providerRpcErrorFromCode } from '@charter/core'
import { chainName } from './findEvmChain.ts'
import { parseQuantity } from './parseQuantity.ts'
import type { SignatureRequest, TypedDataRow } from './SignatureRequest.ts'

type TypedDataField = { name: string; type: string }
type TypedDataTypes = Record<string, TypedDataField[]>

export type TypedDataParams = {
  typed_data: {
    domain: Record<string, unknown>
    types: TypedDataTypes
    message: Record<string, unknown>
    primary_type: string
  }
}

/** A person can read a few hundred rows; more is not something to sign on trust anyway. */
const maxRows = 500

const invalid = (why: string) => providerRpcErrorFromCode(-32602, { message: `eth_signTypedData_v4: ${why}` })

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

function showValue(value: unknown): string {
  if (value === undefined || value === null) return '(none)'
  if (typeof value === 'string') return value
  if (typeof value === 'number' || typeof value === 'bigint' || typeof value === 'boolean')
    return String(value)
  return JSON.stringify(value)
}

/** Every leaf of `value` of type `type`, nested structs and arrays spelled out as paths. */
function collectRows(
  types: TypedDataTypes,
  type: string,
  value: unknown,
  name: string,
  rows: TypedDataRow[],
) {
  if (rows.length >= maxRows) return
  const array = type.match(/^(.*)\[(\d*)\]$/)
  if (array) {
    const itemType = array[1] as string
    if (!Array.isArray(value) || value.length === 0) {
      rows.push({ name, type, value: Array.isArray(value) ? '(empty list)' : showValue(value) })
      return
    }
    value.forEach((item, index) => {
      collectRows(types, itemType, item, `${name}[${index}]`, rows)
    })
    return
  }
  const fields = types[type]
  if (fields && isRecord(value)) {
    for (const field of fields) {
      collectRows(types, field.type, value[field.name], name ? `${name}.${field.name}` : field.name, rows)
    }
    return
  }
  rows.push({ name, type, value: showValue(value) })
}

/**
 * `eth_signTypedData_v4`'s JSON (EIP-712), as the dialog shows it (who asks, on which chain, each field) and as
 * the server signs it. Throws a -32602 ProviderRpcError for anything that is not typed data.
 */
export function describeTypedData(
  raw: unknown,
  address: string,
): { request: Extract<SignatureRequest, { kind: 'typed-data' }>; params: TypedDataParams } {
  let data: unknown = raw
  if (typeof raw === 'string') {
    try {
      data = JSON.parse(raw)
    } catch {
      throw invalid('the typed data is not valid JSON')
    }
  }
  if (!isRecord(data)) throw invalid('the typed data must be an object')
  const { domain = {}, types, message, primaryType } = data
  if (!isRecord(domain)) throw invalid('domain must be an object')
  if (!isTypes(types)) throw invalid('types must map each type to a list of {name, type}')
  if (typeof primaryType !== 'string' || !types[primaryType])
    throw invalid('primaryType must name one of types')
  if (!isRecord(message)) throw invalid('message must be an object')

  const chainId = parseQuantity(domain.chainId)
  const fields: TypedDataRow[] = []
  collectRows(types, primaryType, message, '', fields)
  const text = (value: unknown) => (typeof value === 'string' ? value : undefined)
  return {
    request: {
      kind: 'typed-data',
      address,
      domain: {
        name: text(domain.name),
        version: text(domain.version),
        chainName: chainId === undefined ? undefined : chainName(Number(chainId)),
        verifyingContract: text(domain.verifyingContract),
      },
      primaryType,
      fields,
    },
    params: { typed_data: { domain, types, message, primary_type: primaryType } },
  }
}
