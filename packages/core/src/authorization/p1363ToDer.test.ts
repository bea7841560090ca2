import { generateKeyPairSync, sign, verify } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { p1363ToDer } from './p1363ToDer.ts'

describe('p1363ToDer', () => {
  it('turns P1363 signatures into DER that verifies, for many keys and messages', () => {
    for (let i = 0; i < 50; i++) {
      const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' })
      const data = Buffer.from(`message ${i}`)
      const p1363 = sign('sha256', data, { key: privateKey, dsaEncoding: 'ieee-p1363' })
      const der = p1363ToDer(p1363)
      expect(verify('sha256', data, { key: publicKey, dsaEncoding: 'der' }, der)).toBe(true)
    }
  })

  it('pads an integer whose top bit is set and trims leading zeros', () => {
    const signature = new Uint8Array(64)
    signature[0] = 0x80
    signature[63] = 0x01
    expect(Buffer.from(p1363ToDer(signature)).toString('hex')).toBe(`3026022100${'80'.padEnd(64, '0')}020101`)
  })

  it('refuses a signature of the wrong length', () => {
    expect(() => p1363ToDer(new Uint8Array(63))).toThrow(RangeError)
  })
})
