import { describe, expect, it } from 'vitest'
import { readableAmount } from './readableAmount.ts'

describe('readableAmount', () => {
  it.each([
    [999903711162903058n, 18, '0.999903'],
    [2_500_000n, 6, '2.5'],
    [25_000_000n, 6, '25'],
    [1_234_567_891n, 6, '1234.56'],
    [1_234_567_891_000n, 6, '1234567'],
    [1_999_999_999_999_999_999n, 18, '1.99999'],
    [0n, 18, '0'],
    [0n, 0, '0'],
    [7n, 0, '7'],
    [1_230_000_000_000_000n, 18, '0.00123'],
    [12_345_678_901n, 18, '0.00000001'],
    [1n, 18, '<0.00000001'],
    [1n, 6, '0.000001'],
    [-2_500_000n, 6, '-2.5'],
    [-1n, 18, '-<0.00000001'],
    [21_000n * 1_000_000_000n, 18, '0.000021'],
  ])('%s at %s decimals reads %s', (amount, decimals, text) => {
    expect(readableAmount(amount, decimals)).toBe(text)
  })

  it('refuses decimals that are not a small whole number', () => {
    expect(() => readableAmount(1n, -1)).toThrow()
    expect(() => readableAmount(1n, 1.5)).toThrow()
  })
})
