import { oneTimeCodeRules } from './oneTimeCodeRules.ts'

/** A whole one-time code as typed: exactly `oneTimeCodeRules.digits` decimal digits, nothing around them. */
export const oneTimeCodePattern = new RegExp(`^\\d{${oneTimeCodeRules.digits}}$`)
