import { assertDecimals } from './assertDecimals.ts'

/** The most significant digits a person reads of an amount: `0.999903711162903058` reads `0.999903`. */
export const readableDigits = 6
/** Past this many decimals an amount reads as "less than": one wei is `<0.00000001`, not 18 digits. */
const smallestDecimals = 8

/**
 * An amount as a person reads it, the one rule for every screen (home, send form, dialog, activity): at most
 * 6 significant digits, and never fewer than the whole part, cut off (never rounded up, so a balance never reads
 * more than is there) with trailing zeros trimmed. `readableAmount(999903711162903058n, 18)` → `'0.999903'`,
 * `readableAmount(2_500_000n, 6)` → `'2.5'`, `readableAmount(1_234_567_891n, 6)` → `'1234.56'`. A non-zero amount
 * too small for 8 decimals reads `'<0.00000001'`; a negative one, `'-'` and its size. The exact amount is
 * `formatTokenAmount`'s.
 */
export function readableAmount(amount: bigint, decimals: number): string {
  assertDecimals(decimals, 'decimals')
  const size = amount < 0n ? -amount : amount
  const sign = amount < 0n ? '-' : ''
  const unit = 10n ** BigInt(decimals)
  const whole = size / unit
  const fraction = decimals === 0 ? '' : (size % unit).toString().padStart(decimals, '0')
  // The decimals shown: those left of the significant digits after the whole part's, or, below 1, the zeros
  // before the first significant digit and then up to `readableDigits` digits.
  const shown =
    whole > 0n
      ? fraction.slice(0, Math.max(0, readableDigits - whole.toString().length))
      : fraction.slice(0, Math.min(smallestDecimals, fraction.search(/[1-9]/) + readableDigits))
  const trimmed = shown.replace(/0+$/, '')
  if (size > 0n && whole === 0n && trimmed === '') return `${sign}<0.${'0'.repeat(smallestDecimals - 1)}1`
  return `${sign}${whole}${trimmed === '' ? '' : `.${trimmed}`}`
}
