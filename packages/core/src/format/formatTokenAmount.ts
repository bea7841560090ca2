import { assertDecimals } from './assertDecimals.ts'

export type FormatTokenAmountOptions = {
  /** How many decimals to show at most; leave out for full precision. */
  maxDecimals?: number
}

/**
 * Base units to a decimal string, bigint only: `formatTokenAmount(1234567n, 6)` → `'1.234567'`,
 * with `{maxDecimals: 3}` → `'1.234'`. Trailing zeros are trimmed and no thousands separators are added.
 *
 * Rounding: display rounds DOWN, i.e. truncates (toward zero) past the shown decimals, never rounding up, so a
 * balance never shows more than is there: 1.9999 with 3 shown decimals is '1.999', not '2'. A non-zero amount that would show as 0 reads `'<0.001'` (for 3 shown decimals; `'<1'` for none)
 * rather than a false `'0'`. A negative amount is shown as `'-'` and then its size, formatted the same way
 * (`'-1.5'`, `'-<0.001'`).
 */
export function formatTokenAmount(
  amount: bigint,
  tokenDecimals: number,
  options: FormatTokenAmountOptions = {},
): string {
  const { maxDecimals } = options
  assertDecimals(tokenDecimals, 'tokenDecimals')
  if (maxDecimals !== undefined) assertDecimals(maxDecimals, 'maxDecimals')

  const isNegative = amount < 0n
  const size = isNegative ? -amount : amount
  const unit = 10n ** BigInt(tokenDecimals)
  const whole = size / unit
  const allDecimals = tokenDecimals === 0 ? '' : (size % unit).toString().padStart(tokenDecimals, '0')
  const keptDecimals = maxDecimals === undefined ? allDecimals : allDecimals.slice(0, maxDecimals)
  const shownDecimals = keptDecimals.replace(/0+$/, '')

  let text = shownDecimals === '' ? whole.toString() : `${whole}.${shownDecimals}`
  // Only reachable with maxDecimals set: at full precision a non-zero amount always shows a digit.
  if (size > 0n && text === '0') text = smallestShown(maxDecimals ?? 0)
  return isNegative ? `-${text}` : text
}

function smallestShown(decimals: number): string {
  return decimals === 0 ? '<1' : `<0.${'0'.repeat(decimals - 1)}1`
}
