import { guessCountryFromLocale, type PhoneCountry } from '@charter/core'

/** What the phone form holds while the person types: the picked country and the number as typed. */
export type PhoneInput = { country: PhoneCountry; text: string }

/** An empty number, in the country of the browser's locale. */
export const emptyPhoneInput = (): PhoneInput => ({
  country: guessCountryFromLocale(typeof navigator === 'undefined' ? undefined : navigator.language),
  text: '',
})
