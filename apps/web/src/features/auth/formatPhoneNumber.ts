import { formatInternationalForCountry, parsePhoneNumber } from '@charter/core'

/** A stored E.164 number for reading: '+14155552671' is '+1 415 555 2671'. Shown as stored if it won't parse. */
export function formatPhoneNumber(e164: string): string {
  try {
    const { country, callingCode } = parsePhoneNumber(e164)
    return country ? `+${callingCode} ${formatInternationalForCountry(e164, country)}` : e164
  } catch {
    return e164
  }
}
