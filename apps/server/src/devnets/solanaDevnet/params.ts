import { type Address, getBase58Encoder } from '@solana/kit'
import { invalidParams } from './JsonRpcError.ts'

/** A method's positional parameters; a missing or non-array `params` is an empty list, as the real RPC takes it. */
export type Params = readonly unknown[]

/** The `index`th parameter as an address, refused in the real RPC's words ("Invalid param: WrongSize"). */
export function addressParam(params: Params, index: number): Address {
  const value = params[index]
  if (typeof value !== 'string') throw invalidParams('Invalid params: address must be a base58 string.')
  let bytes: Uint8Array
  try {
    bytes = getBase58Encoder().encode(value) as Uint8Array
  } catch {
    throw invalidParams('Invalid param: Invalid')
  }
  if (bytes.length !== 32) throw invalidParams('Invalid param: WrongSize')
  return value as Address
}

/** The `index`th parameter as a configuration object; absent or null is `{}`. */
export function configParam(params: Params, index: number): Record<string, unknown> {
  const value = params[index]
  if (value === undefined || value === null) return {}
  if (typeof value !== 'object' || Array.isArray(value))
    throw invalidParams('Invalid params: expected a config object.')
  return value as Record<string, unknown>
}

/** The `index`th parameter as a non-negative whole number (JSON can carry no more than 2^53 exactly). */
export function wholeNumberParam(params: Params, index: number, what: string): bigint {
  const value = params[index]
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0) {
    throw invalidParams(`Invalid params: ${what} must be a non-negative integer.`)
  }
  return BigInt(value)
}

/** The `index`th parameter as a string. */
export function stringParam(params: Params, index: number, what: string): string {
  const value = params[index]
  if (typeof value !== 'string') throw invalidParams(`Invalid params: ${what} must be a string.`)
  return value
}
