/**
 * The parser's limits (libphonenumber-js's own; docs/errors.md). `maxInputLength` caps the work a hostile
 * input can cause and suits a form field's `maxLength`; the digit counts bound every country's national number.
 */
export const phoneNumberLimits = {
  maxInputLength: 250,
  minNationalDigits: 2,
  maxNationalDigits: 17,
} as const
