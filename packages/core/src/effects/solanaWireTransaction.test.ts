import { randomBytes } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { parseSolanaTransaction, SolanaTransactionFormatError } from './solanaWireTransaction.ts'

const payer = randomBytes(32)
const other = randomBytes(32)
// Header: 2 signers, 0 read-only signed, 1 read-only unsigned; 3 accounts; a blockhash; no instructions.
const body = Buffer.concat([
  Buffer.from([2, 0, 1, 3]),
  payer,
  other,
  Buffer.alloc(32),
  randomBytes(32),
  Buffer.from([0]),
])
const wire = (message: Buffer, slots = 2) =>
  Buffer.concat([Buffer.from([slots]), Buffer.alloc(64 * slots), message])

describe('parseSolanaTransaction', () => {
  it('reads a legacy message: its signers in slot order and the bytes they sign', () => {
    const parts = parseSolanaTransaction(wire(body))
    expect(parts.signatureCount).toBe(2)
    expect(parts.signaturesOffset).toBe(1)
    expect(Buffer.from(parts.message).equals(body)).toBe(true)
    expect(parts.signers.map((key) => Buffer.from(key).toString('hex'))).toEqual([
      payer.toString('hex'),
      other.toString('hex'),
    ])
  })

  it('reads a v0 message, whose header follows the version byte', () => {
    const v0 = Buffer.concat([Buffer.from([0x80]), body, Buffer.from([0])])
    const parts = parseSolanaTransaction(wire(v0))
    expect(Buffer.from(parts.message).equals(v0)).toBe(true)
    expect(Buffer.from(parts.signers[0] as Uint8Array).equals(payer)).toBe(true)
  })

  it('refuses other versions, a slot count that does not match, and truncated bytes', () => {
    expect(() => parseSolanaTransaction(wire(Buffer.concat([Buffer.from([0x81]), body])))).toThrow(
      SolanaTransactionFormatError,
    )
    expect(() => parseSolanaTransaction(wire(body, 1))).toThrow('needs 2 signatures')
    expect(() => parseSolanaTransaction(wire(body).subarray(0, 150))).toThrow(SolanaTransactionFormatError)
    expect(() => parseSolanaTransaction(new Uint8Array([0x80, 0x80, 0x80, 0x80]))).toThrow(
      SolanaTransactionFormatError,
    )
  })
})
