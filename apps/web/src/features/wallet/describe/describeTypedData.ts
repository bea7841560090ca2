import { chainName, getStablecoin, parseQuantity, readTypedDataEffect } from '@charter/core'
import { getAddress, isAddress } from 'viem'
import { countInvisibles, hasRightToLeft } from '../../../ui/index.ts'
import { invalidTypedData, type TypedDataParams, type TypedDataTypes } from '../params/typedDataParams.ts'
import { findKnownToken } from './findKnownToken.ts'
import type { TypedDataRequest } from './SignatureRequest.ts'
import type { SignatureWarning } from './SignatureWarning.ts'
import type { TypedField, TypedValue } from './TypedValue.ts'
import { typedDataWarnings } from './typedDataWarnings.ts'

/**
 * The most leaf fields the dialog shows. Real requests (permits, orders, votes) have a few dozen; a request
 * with more is refused rather than signed with fields no one could have read.
 */
export const maxTypedDataFields = 200

/** Nesting beyond this is no data a person reads; it is refused before it could exhaust the stack. */
const maxDepth = 12

type Walk = { types: TypedDataTypes; shown: number; total: number }

const join = (path: string, name: string) => (path ? `${path}.${name}` : name)

const integerType = /^(u?)int(\d*)$/
const bytesType = /^bytes(\d*)$/

/** Whether an integer given as a JSON number or string reads as the number the signer encodes. */
function parseInteger(value: unknown): bigint | undefined {
  if (typeof value === 'number') return Number.isInteger(value) ? BigInt(value) : undefined
  if (typeof value !== 'string') return undefined
  if (/^-?\d{1,78}$/.test(value) || /^0x[0-9a-fA-F]{1,64}$/.test(value)) return BigInt(value)
  return undefined
}

/**
 * A leaf, checked to be the JSON the signer (viem) encodes as it reads: a string for `string` (a number would
 * be signed as other bytes), a checksum-valid address, hex of the right size for bytes, an integer in range.
 */
function readLeaf(type: string, value: unknown, path: string): TypedValue {
  const wrong = (what: string) => invalidTypedData(`${path} must be ${what} (${type})`)
  if (type === 'address') {
    if (typeof value !== 'string' || !isAddress(value)) throw wrong('an address')
    return { kind: 'address', address: getAddress(value) }
  }
  if (type === 'string') {
    if (typeof value !== 'string') throw wrong('a string')
    return { kind: 'text', type, text: value }
  }
  if (type === 'bool') {
    if (typeof value !== 'boolean') throw wrong('true or false')
    return { kind: 'text', type, text: String(value) }
  }
  const bytes = type.match(bytesType)
  if (bytes) {
    const size = bytes[1] ? Number(bytes[1]) : undefined
    if (size !== undefined && (size < 1 || size > 32)) throw invalidTypedData(`${path}: unknown type ${type}`)
    if (typeof value !== 'string' || !/^0x([0-9a-fA-F]{2})*$/.test(value)) throw wrong('0x hex')
    if (size !== undefined && value.length !== 2 + size * 2) throw wrong(`${size} bytes of hex`)
    return { kind: 'text', type, text: value }
  }
  const integer = type.match(integerType)
  if (integer) {
    const bits = integer[2] ? Number(integer[2]) : 256
    if (bits < 8 || bits > 256 || bits % 8 !== 0) throw invalidTypedData(`${path}: unknown type ${type}`)
    const signed = integer[1] === ''
    const number = parseInteger(value)
    const [low, high] = signed
      ? [-(2n ** BigInt(bits - 1)), 2n ** BigInt(bits - 1)]
      : [0n, 2n ** BigInt(bits)]
    if (number === undefined || number < low || number >= high) throw wrong('an integer in range')
    return { kind: 'text', type, text: number.toString() }
  }
  throw invalidTypedData(`${path}: unknown type ${type}`)
}

/**
 * Reads `value` of `type` in the order the signer encodes it (a struct, then a list, then a leaf), counting
 * every leaf; undefined once the leaves to show are used up, though the rest is still read and checked.
 */
function readValue(
  walk: Walk,
  type: string,
  value: unknown,
  path: string,
  depth: number,
): TypedValue | undefined {
  if (depth > maxDepth) throw invalidTypedData(`${path} is nested more than ${maxDepth} levels deep`)
  if (type === 'EIP712Domain') throw invalidTypedData(`${path}: EIP712Domain cannot be a field's type`)
  const fields = Object.hasOwn(walk.types, type) ? walk.types[type] : undefined
  if (fields) {
    if (typeof value !== 'object' || value === null || Array.isArray(value))
      throw invalidTypedData(`${path} must be an object (${type})`)
    const record = value as Record<string, unknown>
    const shown: TypedField[] = []
    for (const field of fields) {
      const child = readValue(
        walk,
        field.type,
        Object.hasOwn(record, field.name) ? record[field.name] : undefined,
        join(path, field.name),
        depth + 1,
      )
      if (child) shown.push({ name: field.name, value: child })
    }
    return shown.length > 0 || walk.shown < maxTypedDataFields
      ? { kind: 'struct', type, fields: shown }
      : undefined
  }
  if (type.endsWith(']')) {
    const open = type.lastIndexOf('[')
    const length = type.slice(open + 1, -1)
    if (open < 1 || !/^\d*$/.test(length)) throw invalidTypedData(`${path}: unknown type ${type}`)
    if (!Array.isArray(value)) throw invalidTypedData(`${path} must be a list (${type})`)
    if (length !== '' && value.length !== Number(length))
      throw invalidTypedData(`${path} must have ${length} items (${type})`)
    const items: TypedValue[] = []
    value.forEach((item, index) => {
      const child = readValue(walk, type.slice(0, open), item, `${path}[${index}]`, depth + 1)
      if (child) items.push(child)
    })
    return items.length > 0 || walk.shown < maxTypedDataFields ? { kind: 'list', type, items } : undefined
  }
  const leaf = readLeaf(type, value, path)
  walk.total += 1
  if (walk.shown >= maxTypedDataFields) return undefined
  walk.shown += 1
  return leaf
}

/** `count` over every string a person reads here: names, types, text values. */
function countInTexts(fields: TypedField[], count: (text: string) => number): number {
  const inValue = (value: TypedValue): number =>
    value.kind === 'text'
      ? count(value.text) + count(value.type)
      : value.kind === 'struct'
        ? count(value.type) + countInTexts(value.fields, count)
        : value.kind === 'list'
          ? count(value.type) + value.items.reduce((sum, item) => sum + inValue(item), 0)
          : 0
  return fields.reduce((sum, field) => sum + count(field.name) + inValue(field.value), 0)
}

/** Invisible characters in every string a person reads here. */
const countHidden = (fields: TypedField[]) => countInTexts(fields, countInvisibles)

/** 1 for each string with right-to-left letters. */
const rightToLeftIn = (text: string) => (hasRightToLeft(text) ? 1 : 0)

/**
 * Typed data as the dialog shows it, from the parameters the server signs: the domain as the signature covers
 * it (the server's signer takes each non-null domain field, whatever `types.EIP712Domain` says), then every
 * field of the message, nested as it is, up to `maxTypedDataFields`; beyond that the request is refused.
 * Permits and other hand-overs of tokens are named in `warnings`. Throws -32602 for a field the signer would
 * encode otherwise than it reads.
 */
export function describeTypedData(params: TypedDataParams, address: string): TypedDataRequest {
  const { domain, types, message, primary_type: primaryType } = params.typed_data
  const walk: Walk = { types, shown: 0, total: 0 }
  const root = readValue(walk, primaryType, message, '', 0)
  const fields = root?.kind === 'struct' ? root.fields : []
  const hiddenFields = walk.total - walk.shown

  const present = (name: string) =>
    domain[name] === null || domain[name] === undefined ? undefined : domain[name]
  const chainId = parseQuantity(present('chainId'))
  const knownChainId =
    chainId !== undefined && chainId <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(chainId) : undefined
  const contract = present('verifyingContract') as string | undefined
  const shownDomain: TypedDataRequest['domain'] = {
    name: present('name') as string | undefined,
    version: present('version') as string | undefined,
    chain:
      chainId === undefined
        ? undefined
        : {
            id: chainId.toString(),
            name: knownChainId === undefined ? `chain ${chainId}` : chainName(knownChainId),
          },
    verifyingContract:
      contract === undefined
        ? undefined
        : { address: getAddress(contract), token: findKnownToken(knownChainId, contract) },
    salt: present('salt') as string | undefined,
  }

  const hidden =
    countHidden(fields) +
    countInvisibles(primaryType) +
    countInvisibles(shownDomain.name ?? '') +
    countInvisibles(shownDomain.version ?? '')
  const warnings: SignatureWarning[] = [
    ...typedDataWarnings(fields, shownDomain, knownChainId),
    ...(shownDomain.chain === undefined ? [{ kind: 'any-chain' } as const] : []),
    ...(hidden > 0 ? [{ kind: 'hidden-characters', count: hidden } as const] : []),
    ...(countInTexts(fields, rightToLeftIn) +
      rightToLeftIn(primaryType) +
      rightToLeftIn(shownDomain.name ?? '') +
      rightToLeftIn(shownDomain.version ?? '') >
    0
      ? [{ kind: 'right-to-left' } as const]
      : []),
  ]
  return {
    kind: 'typed-data',
    address,
    domain: shownDomain,
    primaryType,
    fields,
    fieldCount: walk.total,
    hiddenFields,
    warnings,
    effect: readTypedDataEffect(params.typed_data, (id) => getStablecoin(id)?.address),
    refusal:
      hiddenFields > 0
        ? `This request has ${walk.total} fields, more than the ${maxTypedDataFields} Charter can show, so Charter will not sign it.`
        : undefined,
  }
}
