import { parseUnits } from 'viem'
import { describe, expect, it } from 'vitest'
import { BaseError } from '../errors/BaseError.ts'
import { formatTokenAmount } from './formatTokenAmount.ts'
import { InvalidAmountError, type InvalidAmountReason } from './InvalidAmountError.ts'
import { InvalidDecimalsError } from './InvalidDecimalsError.ts'
import { type ParseAmountOptions, parseAmount } from './parseAmount.ts'

function failure(input: string, decimals: number, options?: ParseAmountOptions): InvalidAmountError {
  try {
    parseAmount(input, decimals, options)
  } catch (error) {
    expect(error).toBeInstanceOf(InvalidAmountError)
    expect(error).toBeInstanceOf(BaseError)
    return error as InvalidAmountError
  }
  return expect.unreachable(`parseAmount(${JSON.stringify(input)}) did not throw`)
}

function expectRefused(input: string, reason: InvalidAmountReason, shortMessage: string, decimals = 6) {
  const error = failure(input, decimals)
  expect(error.reason).toBe(reason)
  expect(error.shortMessage).toBe(shortMessage)
  expect(error.code).toBe('invalid_amount')
}

describe('parseAmount', () => {
  it('parses whole numbers and decimals into base units', () => {
    expect(parseAmount('1', 6)).toBe(1_000_000n)
    expect(parseAmount('1.5', 18)).toBe(1_500_000_000_000_000_000n)
    expect(parseAmount('1.234567', 6)).toBe(1_234_567n)
    expect(parseAmount('0.000001', 6)).toBe(1n)
    expect(parseAmount('42', 0)).toBe(42n)
  })

  it('accepts .5, 0.5 and 5.', () => {
    expect(parseAmount('.5', 6)).toBe(500_000n)
    expect(parseAmount('0.5', 6)).toBe(500_000n)
    expect(parseAmount('5.', 6)).toBe(5_000_000n)
    expect(parseAmount('007.50', 6)).toBe(7_500_000n)
  })

  it('accepts commas as thousands separators: 1,000.25 is 1000.25', () => {
    expect(parseAmount('1,000.25', 6)).toBe(1_000_250_000n)
    expect(parseAmount('1000.25', 6)).toBe(1_000_250_000n)
    expect(parseAmount('12,345,678', 0)).toBe(12_345_678n)
    expect(parseAmount('999,999.5', 1)).toBe(9_999_995n)
  })

  it('ignores leading and trailing whitespace', () => {
    expect(parseAmount('  1.5 ', 6)).toBe(1_500_000n)
    expect(parseAmount('\t1,000\n', 0)).toBe(1000n)
  })

  it('is exact where a float is not', () => {
    expect(parseAmount('0.1', 18) + parseAmount('0.2', 18)).toBe(parseAmount('0.3', 18))
    expect(parseAmount('9007199254740993', 0)).toBe(9_007_199_254_740_993n)
    expect(parseAmount('1.000000000000000001', 18)).toBe(10n ** 18n + 1n)
  })

  it('accepts trailing zeros past the token decimals, which change nothing', () => {
    expect(parseAmount('1.50000000', 6)).toBe(1_500_000n)
    expect(parseAmount('3.000', 0)).toBe(3n)
  })

  it('agrees with viem parseUnits and round-trips through formatTokenAmount', () => {
    for (const [input, decimals] of [
      ['0.5', 6],
      ['1234.567891', 6],
      ['1.5', 18],
      ['0.000000000000000001', 18],
      ['115792089237316195423570985008687907853269984665640564039457.584007913129639935', 18],
    ] as const) {
      const value = parseAmount(input, decimals)
      expect(value).toBe(parseUnits(input, decimals))
      expect(formatTokenAmount(value, decimals)).toBe(input)
    }
  })

  it("refuses empty input with 'Enter an amount'", () => {
    expectRefused('', 'empty', 'Enter an amount')
    expectRefused('   ', 'empty', 'Enter an amount')
  })

  it('refuses negative amounts', () => {
    expectRefused('-1', 'negative', 'The amount cannot be negative')
    expectRefused('-0.5', 'negative', 'The amount cannot be negative')
    expectRefused('- 1,000', 'negative', 'The amount cannot be negative')
    expectRefused('\u22121', 'negative', 'The amount cannot be negative')
  })

  it('refuses what is not a number', () => {
    for (const input of [
      'abc',
      '.',
      '1.2.3',
      '1e18',
      '0x10',
      '+1',
      'NaN',
      'Infinity',
      '1 000',
      '$5',
      '5 USDC',
      '--1',
      '-',
    ]) {
      expectRefused(input, 'not_a_number', 'Enter the amount as a number, like 1,000.25')
    }
  })

  it('refuses commas anywhere but between thousands, including a decimal comma', () => {
    for (const input of [
      '0,5',
      '1,5',
      '1,00',
      '1,0000',
      '10000,000',
      ',100',
      '100,',
      '1,000.000,1',
      '0,500',
      '1.000,25',
    ]) {
      expectRefused(
        input,
        'misplaced_comma',
        'Use commas only between thousands and a point for decimals, like 1,000.25',
      )
    }
  })

  it("refuses more decimals than the token has, naming the token when given ('USDC has at most 6 decimals')", () => {
    const withSymbol = failure('1.1234567', 6, { symbol: 'USDC' })
    expect(withSymbol.reason).toBe('too_many_decimals')
    expect(withSymbol.shortMessage).toBe('USDC has at most 6 decimals')
    expectRefused('1.1234567', 'too_many_decimals', 'Use at most 6 decimals')
    expect(failure('0.15', 1, { symbol: 'XYZ' }).shortMessage).toBe('XYZ has at most 1 decimal')
    expect(failure('1.5', 0, { symbol: 'NFT' }).shortMessage).toBe(
      'NFT has no decimals; enter a whole number',
    )
    expectRefused('1.5', 'too_many_decimals', 'Enter a whole number', 0)
    expect(failure('0.0000000000000000001', 18, { symbol: 'ETH' }).shortMessage).toBe(
      'ETH has at most 18 decimals',
    )
  })

  it('refuses 0 unless allowZero is set', () => {
    for (const input of ['0', '0.000', '.0', '000']) {
      expectRefused(input, 'zero', 'Enter an amount greater than 0')
      expect(parseAmount(input, 6, { allowZero: true })).toBe(0n)
    }
  })

  it('refuses absurdly long input, and amounts beyond uint256', () => {
    expectRefused('1'.repeat(121), 'too_long', 'The amount is too long')
    expectRefused(`0.${'0'.repeat(200)}1`, 'too_long', 'The amount is too long')
    expect(parseAmount('1'.repeat(50), 0)).toBe(BigInt('1'.repeat(50)))
    expectRefused((2n ** 256n).toString(), 'too_large', 'The amount is too large', 0)
    expect(parseAmount((2n ** 256n - 1n).toString(), 0)).toBe(2n ** 256n - 1n)
    expectRefused('1'.repeat(61), 'too_large', 'The amount is too large', 18)
  })

  it('puts the trimmed input, shortened, in the details', () => {
    expect(failure(' abc ', 6).details).toBe('Input: "abc"')
    expect(failure('x'.repeat(100), 6).details).toBe(`Input: "${'x'.repeat(40)}…"`)
    expect(failure('', 6).details).toBeUndefined()
  })

  it('refuses token decimals that are not a whole number from 0 to 255', () => {
    expect(() => parseAmount('1', -1)).toThrowError(InvalidDecimalsError)
    expect(() => parseAmount('1', 6.5)).toThrowError(InvalidDecimalsError)
    expect(() => parseAmount('1', 256)).toThrowError(InvalidDecimalsError)
  })
})
