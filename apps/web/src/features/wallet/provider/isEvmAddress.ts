/** A 0x-prefixed 20-byte hex address, any case (the checksum is the server's and viem's business). */
export const isEvmAddress = (value: unknown): value is string =>
  typeof value === 'string' && /^0x[0-9a-fA-F]{40}$/.test(value)

export const isSameEvmAddress = (one: string, other: string) => one.toLowerCase() === other.toLowerCase()
