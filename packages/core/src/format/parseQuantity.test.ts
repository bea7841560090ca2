import { describe, expect, it } from 'vitest'
import { parseQuantity } from './parseQuantity.ts'

describe('parseQuantity', () => {
  it('reads numbers, decimal strings and 0x hex', () => {
    expect(parseQuantity(26)).toBe(26n)
    expect(parseQuantity('26')).toBe(26n)
    expect(parseQuantity('0x1a')).toBe(26n)
    expect(parseQuantity(5n)).toBe(5n)
  })

  it('refuses what is not a whole, non-negative quantity', () => {
    for (const value of [-1, 1.5, Number.MAX_SAFE_INTEGER + 1, '0x', '1e3', '-1', ' 1', -1n, null, {}]) {
      expect(parseQuantity(value)).toBeUndefined()
    }
  })
})
