import { deepFreeze } from './deepFreeze.ts'
import { isHexBytes } from './hexToBytes.ts'

export type PersonalSignParams = { message: string; encoding: 'utf-8' | 'hex' }

/**
 * A `personal_sign` message as the server takes it. EIP-1193 callers (viem, ethers) send the message as 0x-hex
 * of its bytes: the bytes go as they are. A message that is not hex is taken as text.
 */
export const personalSignParams = (message: string): PersonalSignParams =>
  deepFreeze(isHexBytes(message) ? { message, encoding: 'hex' } : { message, encoding: 'utf-8' })
