import { InvalidOnrampParameterError } from './InvalidOnrampParameterError.ts'

// Digits with an optional fraction, or a bare fraction such as ".5"; no sign, exponent, separator or spaces.
const decimalPattern = /^(?:\d+(?:\.\d+)?|\.\d+)$/

/**
 * A crypto amount as the on-ramp expects it: a positive decimal string, with a `0` put before a leading dot
 * (".5" → "0.5"). Anything else throws, so a typo never becomes a silently different purchase.
 */
export function normalizeOnrampAmount(amount: string): string {
  if (!decimalPattern.test(amount)) {
    throw new InvalidOnrampParameterError({
      parameter: 'presetCryptoAmount',
      reason: `Expected a positive decimal number such as "0.5" or "25", got "${amount}".`,
    })
  }
  if (!/[1-9]/.test(amount)) {
    throw new InvalidOnrampParameterError({
      parameter: 'presetCryptoAmount',
      reason: `Expected an amount above zero, got "${amount}".`,
    })
  }
  return amount.startsWith('.') ? `0${amount}` : amount
}
