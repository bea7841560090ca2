/** A JSON-RPC quantity ('0x1a', '26' or 26) as a bigint; undefined for anything else. */
export function parseQuantity(value: unknown): bigint | undefined {
  if (typeof value === 'number') return Number.isSafeInteger(value) && value >= 0 ? BigInt(value) : undefined
  if (typeof value === 'bigint') return value >= 0n ? value : undefined
  if (typeof value !== 'string') return undefined
  if (/^0x[0-9a-fA-F]{1,64}$/.test(value) || /^\d{1,78}$/.test(value)) return BigInt(value)
  return undefined
}
