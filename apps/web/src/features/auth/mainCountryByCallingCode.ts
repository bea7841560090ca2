import type { PhoneCountry } from '@charter/core'

/**
 * The main country of each calling code that several countries share (the phone metadata lists it first), so
 * a search for '+44' offers the United Kingdom before Guernsey. A copy of libphonenumber-js's order;
 * `@charter/core` keeps the same fact privately in splitPhoneNumber.ts and could export it.
 */
export const mainCountryByCallingCode: Readonly<Record<string, PhoneCountry>> = {
  '1': 'US',
  '7': 'RU',
  '39': 'IT',
  '44': 'GB',
  '47': 'NO',
  '61': 'AU',
  '212': 'MA',
  '262': 'RE',
  '290': 'SH',
  '358': 'FI',
  '590': 'GP',
  '599': 'CW',
}
