import { countInvisibles, hasRightToLeft } from '../../../ui/index.ts'
import { bytesToHex, hexToBytes } from '../params/hexToBytes.ts'
import type { PersonalSignParams } from '../params/personalSignParams.ts'
import { decodeText } from './decodeText.ts'
import type { MessageRequest } from './SignatureRequest.ts'

/**
 * A `personal_sign` message as the dialog shows it, from the parameters the server signs: the very bytes it
 * signs (text as UTF-8, as the server encodes it), shown as text when they read as text, as hex otherwise.
 */
export function describeMessage(params: PersonalSignParams, address: string): MessageRequest {
  const bytes =
    params.encoding === 'hex' ? hexToBytes(params.message) : new TextEncoder().encode(params.message)
  const text = decodeText(bytes)
  const invisibles = text === undefined ? 0 : countInvisibles(text)
  return {
    kind: 'message',
    address,
    text,
    hex: bytesToHex(bytes),
    bytes: bytes.length,
    warnings: [
      ...(invisibles > 0 ? [{ kind: 'hidden-characters', count: invisibles } as const] : []),
      ...(text !== undefined && hasRightToLeft(text) ? [{ kind: 'right-to-left' } as const] : []),
    ],
    refusal: undefined,
  }
}
