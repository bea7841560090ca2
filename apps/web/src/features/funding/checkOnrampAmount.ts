import { InvalidOnrampParameterError, normalizeOnrampAmount } from '@charter/core'

/** The amount field read: nothing (the member chooses on the provider's page), an amount, or why not. */
export type OnrampAmountCheck =
  | { amount: string | undefined; error?: never }
  | { amount?: never; error: string }

/**
 * The optional amount, by the core's rule for the link ('.5' is 0.5): blank is no amount; anything the link would
 * refuse is said in words, so the field can tell the member what to type instead.
 */
export function checkOnrampAmount(text: string): OnrampAmountCheck {
  const typed = text.trim()
  if (typed === '') return { amount: undefined }
  try {
    return { amount: normalizeOnrampAmount(typed) }
  } catch (error) {
    if (!(error instanceof InvalidOnrampParameterError)) throw error
    if (/^[\d.]*,[\d.,]*$/.test(typed)) return { error: 'Use a dot for decimals, for example 0.5.' }
    if (/^-/.test(typed) || /^(?:0+(?:\.0*)?|\.0+)$/.test(typed))
      return { error: 'Enter an amount above zero.' }
    return { error: 'Enter a number such as 25 or 0.5: digits and at most one dot.' }
  }
}
