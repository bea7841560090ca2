import { assertDecimals } from './assertDecimals.ts'
import { InvalidAmountError, type InvalidAmountReason } from './InvalidAmountError.ts'

/**
 * Far more than a real amount needs (the largest uint256 is 78 digits, 103 characters with thousands separators);
 * longer input is a paste gone wrong and gets its own message.
 */
const maxInputLength = 120
const maxUint256 = 2n ** 256n - 1n

/** `1000.25`, `.5`, `5.`, `007`: digits with at most one point. */
const plainNumber = /^(\d*)(?:\.(\d*))?$/
/**
 * `1,000.25`, `12,345,678`: commas only between groups of three, the first group 1–3 digits and not starting with 0
 * (so `0,500`, which someone may mean as 0.5, is refused rather than read as 500).
 */
const groupedNumber = /^([1-9]\d{0,2}(?:,\d{3})+)(?:\.(\d*))?$/
const leadingMinus = /^[-\u2212]\s*/

export type ParseAmountOptions = {
  /** The token's symbol, e.g. 'USDC', used in the too-many-decimals message. */
  symbol?: string
  /** Whether 0 is a valid answer. Off by default: an amount field for sending or buying wants more than 0. */
  allowZero?: boolean
}

/**
 * What a person typed → base units, exactly (bigint, no floating point): `parseAmount('1,000.25', 6)` →
 * `1000250000n`. Surrounding whitespace is ignored. Throws `InvalidAmountError` with a message the person can act
 * on; never rounds: more decimals than the token has is an error, except trailing zeros, which change nothing.
 */
export function parseAmount(input: string, decimals: number, options: ParseAmountOptions = {}): bigint {
  assertDecimals(decimals, 'decimals')
  const text = input.trim()
  const fail = (reason: InvalidAmountReason) =>
    new InvalidAmountError({ reason, input: text, decimals, symbol: options.symbol })

  if (text === '') throw fail('empty')
  if (text.length > maxInputLength) throw fail('too_long')

  const unsigned = text.replace(leadingMinus, '')
  const match = /\d/.test(unsigned) ? (plainNumber.exec(unsigned) ?? groupedNumber.exec(unsigned)) : null
  if (!match) {
    const withoutCommas = unsigned.replaceAll(',', '')
    const commasWereTheProblem =
      withoutCommas !== unsigned && /\d/.test(withoutCommas) && plainNumber.test(withoutCommas)
    throw fail(commasWereTheProblem ? 'misplaced_comma' : 'not_a_number')
  }
  if (unsigned !== text) throw fail('negative')

  const whole = (match[1] ?? '').replaceAll(',', '')
  const fraction = (match[2] ?? '').replace(/0+$/, '')
  if (fraction.length > decimals) throw fail('too_many_decimals')

  const value = BigInt(`${whole}${fraction.padEnd(decimals, '0')}` || '0')
  if (value > maxUint256) throw fail('too_large')
  if (value === 0n && !options.allowZero) throw fail('zero')
  return value
}
