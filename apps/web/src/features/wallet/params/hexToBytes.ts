/** Whether `value` is 0x-prefixed hex of whole bytes ('0x' alone is no bytes). */
export const isHexBytes = (value: string): boolean => /^0x([0-9a-fA-F]{2})*$/.test(value)

export function hexToBytes(hex: string): Uint8Array {
  const digits = hex.slice(2)
  const bytes = new Uint8Array(digits.length / 2)
  for (let i = 0; i < bytes.length; i++) bytes[i] = Number.parseInt(digits.slice(i * 2, i * 2 + 2), 16)
  return bytes
}

export function bytesToHex(bytes: Uint8Array): string {
  let hex = '0x'
  for (const byte of bytes) hex += byte.toString(16).padStart(2, '0')
  return hex
}
