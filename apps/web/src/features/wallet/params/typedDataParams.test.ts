import { describe, expect, it } from 'vitest'
import { typedDataParams } from './typedDataParams.ts'

const typedData = (field: string, primaryType = 'Order') => ({
  domain: { name: 'Shop' },
  types: { Order: [{ name: field, type: 'string' }] },
  message: { note: 'x' },
  primaryType,
})

describe('typedDataParams', () => {
  it('takes plain names as they are', () => {
    expect(typedDataParams(typedData('note')).typed_data.primary_type).toBe('Order')
  })

  it('refuses names every object inherits before the person is asked, as the server would', () => {
    for (const name of ['constructor', 'hasOwnProperty', 'toString', '__proto__']) {
      expect(() => typedDataParams(typedData(name))).toThrow(
        expect.objectContaining({
          code: -32602,
          message: `eth_signTypedData_v4: ${JSON.stringify(name)} cannot name a type or field: every JavaScript object already has it, so the signature could cover a value that was never sent`,
        }),
      )
    }
    expect(() =>
      typedDataParams(JSON.parse('{"types":{"__proto__":[],"Order":[]},"message":{},"primaryType":"Order"}')),
    ).toThrow(expect.objectContaining({ code: -32602 }))
    expect(() =>
      typedDataParams({ ...typedData('note'), types: { Order: [{ name: 'note', type: 'valueOf[]' }] } }),
    ).toThrow(expect.objectContaining({ code: -32602 }))
  })
})
