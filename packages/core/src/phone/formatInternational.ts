import { parsePhoneNumberWithError } from 'libphonenumber-js/min'

/**
 * A stored E.164 number as a person reads it, in the international format: '+14155552671' is
 * '+1 415 555 2671'. A value that does not parse comes back as it is, never thrown: it is only shown.
 */
export function formatInternational(e164: string): string {
  try {
    return parsePhoneNumberWithError(e164).formatInternational()
  } catch {
    return e164
  }
}
