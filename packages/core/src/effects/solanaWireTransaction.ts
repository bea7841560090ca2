/**
 * The parts of a Solana wire transaction a signer needs: the signature slots, the message they sign, and
 * the accounts whose signatures the message requires. Legacy and versioned (v0) messages both start their
 * header after an optional version byte, and list the signer accounts first.
 */
export type SolanaTransactionParts = {
  signatureCount: number
  /** Byte offset of the first 64-byte signature slot. */
  signaturesOffset: number
  message: Uint8Array
  /** Public keys (32 bytes each) of the required signers, in slot order. */
  signers: Uint8Array[]
}

export class SolanaTransactionFormatError extends Error {
  override name = 'SolanaTransactionFormatError'
}

function readCompactU16(bytes: Uint8Array, offset: number): { value: number; next: number } {
  let value = 0
  for (let i = 0; i < 3; i++) {
    const byte = bytes[offset + i]
    if (byte === undefined) throw new SolanaTransactionFormatError('the transaction ends early')
    value |= (byte & 0x7f) << (7 * i)
    if ((byte & 0x80) === 0) return { value, next: offset + i + 1 }
  }
  throw new SolanaTransactionFormatError('a length is too long')
}

export function parseSolanaTransaction(bytes: Uint8Array): SolanaTransactionParts {
  const { value: signatureCount, next: signaturesOffset } = readCompactU16(bytes, 0)
  const messageOffset = signaturesOffset + signatureCount * 64
  if (messageOffset >= bytes.length)
    throw new SolanaTransactionFormatError('there is no message after the signatures')
  const message = bytes.subarray(messageOffset)
  const versioned = ((message[0] ?? 0) & 0x80) !== 0
  const headerOffset = versioned ? 1 : 0
  if (versioned && ((message[0] ?? 0) & 0x7f) !== 0) {
    throw new SolanaTransactionFormatError('only legacy and v0 messages are known')
  }
  const requiredSignatures = message[headerOffset]
  if (requiredSignatures === undefined) throw new SolanaTransactionFormatError('the message has no header')
  if (requiredSignatures !== signatureCount) {
    throw new SolanaTransactionFormatError(
      `the message needs ${requiredSignatures} signatures but the transaction has ${signatureCount} slots`,
    )
  }
  const keys = readCompactU16(message, headerOffset + 3)
  if (keys.value < requiredSignatures) throw new SolanaTransactionFormatError('fewer accounts than signers')
  const signers: Uint8Array[] = []
  for (let i = 0; i < requiredSignatures; i++) {
    const start = keys.next + i * 32
    if (start + 32 > message.length) throw new SolanaTransactionFormatError('the account list ends early')
    signers.push(message.subarray(start, start + 32))
  }
  return { signatureCount, signaturesOffset, message, signers }
}

/**
 * Whether `bytes` are, whole, a legacy or v0 Solana message: what a transaction's signatures sign. Signing such
 * bytes "as a message" would sign a transaction the member never saw as one, so `signMessage` refuses them.
 */
export function isSolanaMessage(bytes: Uint8Array): boolean {
  try {
    let offset = 0
    const byte = () => {
      const value = bytes[offset]
      if (value === undefined) throw new SolanaTransactionFormatError('the message ends early')
      offset += 1
      return value
    }
    const length = () => {
      const { value, next } = readCompactU16(bytes, offset)
      offset = next
      return value
    }
    const skip = (count: number) => {
      if (offset + count > bytes.length) throw new SolanaTransactionFormatError('the message ends early')
      offset += count
    }
    const versioned = ((bytes[0] ?? 0) & 0x80) !== 0
    if (versioned && byte() !== 0x80) return false
    const requiredSignatures = byte()
    byte()
    byte()
    const accounts = length()
    if (requiredSignatures === 0 || accounts < requiredSignatures) return false
    skip(accounts * 32)
    skip(32) // the recent blockhash
    const instructions = length()
    for (let i = 0; i < instructions; i++) {
      byte() // program id index
      skip(length()) // account indexes
      skip(length()) // data
    }
    if (versioned) {
      const lookups = length()
      for (let i = 0; i < lookups; i++) {
        skip(32)
        skip(length())
        skip(length())
      }
    }
    return offset === bytes.length
  } catch (error) {
    if (error instanceof SolanaTransactionFormatError) return false
    throw error
  }
}

/** Whether `bytes` are a whole wire transaction: signature slots followed by a message. */
export function isSolanaTransaction(bytes: Uint8Array): boolean {
  try {
    return isSolanaMessage(parseSolanaTransaction(bytes).message)
  } catch (error) {
    if (error instanceof SolanaTransactionFormatError) return false
    throw error
  }
}
