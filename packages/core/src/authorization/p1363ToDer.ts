/**
 * WebCrypto's ECDSA signatures are r ‖ s (IEEE P1363, 64 bytes for P-256); the wallet API wants DER
 * (`SEQUENCE { INTEGER r, INTEGER s }`). Each integer drops its leading zeros and gains one zero byte when its
 * top bit is set, so it stays positive.
 */
export function p1363ToDer(signature: Uint8Array): Uint8Array {
  if (signature.length !== 64) throw new RangeError('A P-256 signature in P1363 form has 64 bytes')
  const integer = (bytes: Uint8Array) => {
    let start = 0
    while (start < bytes.length - 1 && bytes[start] === 0) start++
    const trimmed = bytes.subarray(start)
    const padded = (trimmed[0] ?? 0) & 0x80 ? Uint8Array.of(0, ...trimmed) : trimmed
    return Uint8Array.of(0x02, padded.length, ...padded)
  }
  const r = integer(signature.subarray(0, 32))
  const s = integer(signature.subarray(32))
  return Uint8Array.of(0x30, r.length + s.length, ...r, ...s)
}
