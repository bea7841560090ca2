const headLength = 5
const tailLength = 4

/**
 * `0x1234567890abcdef…` → `0x123…cdef`; a Solana address the same way (`EPjFW…Dt1v`).
 * A string of 10 characters or fewer comes back unchanged: shortening it would hide nothing, or one character.
 */
export function shortenAddress(address: string): string {
  if (address.length <= headLength + 1 + tailLength) return address
  return `${address.slice(0, headLength)}…${address.slice(-tailLength)}`
}
