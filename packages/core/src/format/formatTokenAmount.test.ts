import { formatUnits } from 'viem'
import { describe, expect, it } from 'vitest'
import { BaseError } from '../errors/BaseError.ts'
import { formatTokenAmount } from './formatTokenAmount.ts'
import { InvalidDecimalsError } from './InvalidDecimalsError.ts'

describe('formatTokenAmount', () => {
  it('converts base units using the token decimals, at full precision by default', () => {
    expect(formatTokenAmount(1234567n, 6)).toBe('1.234567')
    expect(formatTokenAmount(1_000_000n, 6)).toBe('1')
    expect(formatTokenAmount(1_500_000n, 6)).toBe('1.5')
    expect(formatTokenAmount(1n, 6)).toBe('0.000001')
    expect(formatTokenAmount(1n, 18)).toBe('0.000000000000000001')
    expect(formatTokenAmount(0n, 6)).toBe('0')
  })

  it('shows at most maxDecimals, cutting off the rest', () => {
    expect(formatTokenAmount(1234567n, 6, { maxDecimals: 3 })).toBe('1.234')
    expect(formatTokenAmount(1234567n, 6, { maxDecimals: 0 })).toBe('1')
    expect(formatTokenAmount(1234567n, 6, { maxDecimals: 6 })).toBe('1.234567')
    expect(formatTokenAmount(1234567n, 6, { maxDecimals: 10 })).toBe('1.234567')
  })

  it('never rounds up: 1.9999 with 3 shown decimals is 1.999, not 2', () => {
    expect(formatTokenAmount(1_999_999n, 6, { maxDecimals: 3 })).toBe('1.999')
    expect(formatTokenAmount(999_999n, 6, { maxDecimals: 0 })).toBe('<1')
    expect(formatTokenAmount(1_999_999n, 6, { maxDecimals: 0 })).toBe('1')
  })

  it('trims trailing zeros, also those left after cutting off', () => {
    expect(formatTokenAmount(1_200_000n, 6)).toBe('1.2')
    expect(formatTokenAmount(1_000_900n, 6, { maxDecimals: 3 })).toBe('1')
    expect(formatTokenAmount(1_010_900n, 6, { maxDecimals: 3 })).toBe('1.01')
  })

  it('shows a non-zero amount too small for the shown decimals as <0.001, not 0', () => {
    expect(formatTokenAmount(999n, 6, { maxDecimals: 3 })).toBe('<0.001')
    expect(formatTokenAmount(1n, 6, { maxDecimals: 3 })).toBe('<0.001')
    expect(formatTokenAmount(1000n, 6, { maxDecimals: 3 })).toBe('0.001')
    expect(formatTokenAmount(1n, 6, { maxDecimals: 1 })).toBe('<0.1')
    expect(formatTokenAmount(1n, 6, { maxDecimals: 5 })).toBe('<0.00001')
    expect(formatTokenAmount(0n, 6, { maxDecimals: 3 })).toBe('0')
  })

  it('adds no thousands separators', () => {
    expect(formatTokenAmount(1_234_567_890_000n, 6)).toBe('1234567.89')
  })

  it('handles tokens with 0 decimals', () => {
    expect(formatTokenAmount(42n, 0)).toBe('42')
    expect(formatTokenAmount(0n, 0)).toBe('0')
    expect(formatTokenAmount(42n, 0, { maxDecimals: 3 })).toBe('42')
  })

  it('is exact far beyond the range of a float', () => {
    const maxUint256 = 2n ** 256n - 1n
    expect(formatTokenAmount(maxUint256, 18)).toBe(
      '115792089237316195423570985008687907853269984665640564039457.584007913129639935',
    )
    expect(formatTokenAmount(9_007_199_254_740_993n, 0)).toBe('9007199254740993')
  })

  it('shows a negative amount as - and its size, cut off toward zero', () => {
    expect(formatTokenAmount(-1_500_000n, 6)).toBe('-1.5')
    expect(formatTokenAmount(-1_999_999n, 6, { maxDecimals: 3 })).toBe('-1.999')
    expect(formatTokenAmount(-1n, 6, { maxDecimals: 3 })).toBe('-<0.001')
    expect(formatTokenAmount(-42n, 0)).toBe('-42')
  })

  it('agrees with viem formatUnits at full precision', () => {
    const amounts = [
      0n,
      1n,
      10n,
      999n,
      1_000_000n,
      1234567n,
      10n ** 18n,
      123456789012345678901234567890n,
      -987654321n,
    ]
    for (const decimals of [0, 1, 6, 9, 18]) {
      for (const amount of amounts) {
        expect(formatTokenAmount(amount, decimals)).toBe(formatUnits(amount, decimals))
      }
    }
  })

  it('refuses decimals that are not a whole number from 0 to 255', () => {
    for (const bad of [-1, 1.5, 256, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(() => formatTokenAmount(1n, bad)).toThrowError(InvalidDecimalsError)
      expect(() => formatTokenAmount(1n, 6, { maxDecimals: bad })).toThrowError(InvalidDecimalsError)
    }
    try {
      formatTokenAmount(1n, -1)
      expect.unreachable()
    } catch (error) {
      expect(error).toBeInstanceOf(BaseError)
      expect((error as InvalidDecimalsError).code).toBe('invalid_decimals')
      expect((error as InvalidDecimalsError).shortMessage).toBe(
        'tokenDecimals must be a whole number from 0 to 255',
      )
    }
    expect(formatTokenAmount(1n, 255)).toBe(`0.${'0'.repeat(254)}1`)
  })
})
