import { describe, expect, it } from 'vitest'
import { formatWei } from './formatWei.ts'
import { InvalidDecimalsError } from './InvalidDecimalsError.ts'

const ether = 10n ** 18n

describe('formatWei', () => {
  it('shows 1.5 ETH as 1.5', () => {
    expect(formatWei(1_500_000_000_000_000_000n)).toBe('1.5')
  })

  it('shows 3 decimals by default, trailing zeros trimmed', () => {
    expect(formatWei(ether)).toBe('1')
    expect(formatWei(1_234_567_890_000_000_000n)).toBe('1.234')
    expect(formatWei(1_230_000_000_000_000_000n)).toBe('1.23')
    expect(formatWei(1_000_100_000_000_000_000n)).toBe('1')
    expect(formatWei(0n)).toBe('0')
    expect(formatWei(1_234_000n * ether)).toBe('1234000')
  })

  it('cuts off rather than rounds: 0.9999 ETH shows 0.999, never 1', () => {
    expect(formatWei(999_999_999_999_999_999n)).toBe('0.999')
    expect(formatWei(1_999_900_000_000_000_000n)).toBe('1.999')
  })

  it('shows a non-zero amount below 0.001 ETH as <0.001, 1 wei included', () => {
    expect(formatWei(1n)).toBe('<0.001')
    expect(formatWei(999_999_999_999_999n)).toBe('<0.001')
    expect(formatWei(1_000_000_000_000_000n)).toBe('0.001')
  })

  it('takes the number of shown decimals as an option', () => {
    expect(formatWei(1_234_567_890_000_000_000n, { decimals: 5 })).toBe('1.23456')
    expect(formatWei(1_234_567_890_000_000_000n, { decimals: 0 })).toBe('1')
    expect(formatWei(1n, { decimals: 18 })).toBe('0.000000000000000001')
    expect(formatWei(1n, { decimals: 6 })).toBe('<0.000001')
    expect(formatWei(123n, { decimals: 0 })).toBe('<1')
  })

  it('shows a negative amount with a - sign', () => {
    expect(formatWei(-1_500_000_000_000_000_000n)).toBe('-1.5')
    expect(formatWei(-1n)).toBe('-<0.001')
  })

  it('refuses shown decimals that are not a whole number from 0 to 255', () => {
    expect(() => formatWei(1n, { decimals: -1 })).toThrowError(InvalidDecimalsError)
    expect(() => formatWei(1n, { decimals: 2.5 })).toThrowError(InvalidDecimalsError)
  })
})
