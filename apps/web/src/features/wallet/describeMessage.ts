import { decodeText } from './decodeText.ts'
import { bytesToHex, hexToBytes, isHexBytes } from './hexToBytes.ts'
import type { SignatureRequest } from './SignatureRequest.ts'

export type PersonalSignParams = { message: string; encoding: 'utf-8' | 'hex' }

/**
 * A `personal_sign` message, as the dialog shows it and as the server signs it. EIP-1193 callers (viem, ethers)
 * send the message as 0x-hex of its bytes: the bytes go to the server as they are, and the dialog shows them
 * as text when they read as text. A message that is not hex is taken as text.
 */
export function describeMessage(
  message: string,
  address: string,
): { request: Extract<SignatureRequest, { kind: 'message' }>; params: PersonalSignParams } {
  if (isHexBytes(message)) {
    return {
      request: {
        kind: 'message',
        address,
        text: decodeText(hexToBytes(message)),
        hex: message.toLowerCase(),
      },
      params: { message, encoding: 'hex' },
    }
  }
  return {
    request: { kind: 'message', address, text: message, hex: bytesToHex(new TextEncoder().encode(message)) },
    params: { message, encoding: 'utf-8' },
  }
}
