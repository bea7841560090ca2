/** The forms a JSON-RPC quantity may take in a request: 26, '26' or '0x1a'. */
export const quantityPattern = /^(0x[0-9a-fA-F]{1,64}|\d{1,78})$/

/**
 * A JSON-RPC quantity (26, '26' or '0x1a') as a bigint; undefined for anything else (negative, fractional,
 * unsafe integers, other text), so a caller never guesses what an odd value meant.
 */
export function parseQuantity(value: unknown): bigint | undefined {
  if (typeof value === 'number') return Number.isSafeInteger(value) && value >= 0 ? BigInt(value) : undefined
  if (typeof value === 'bigint') return value >= 0n ? value : undefined
  if (typeof value === 'string' && quantityPattern.test(value)) return BigInt(value)
  return undefined
}
