import { listCountries, type PhoneCountryOption } from '@charter/core'

let options: PhoneCountryOption[] | undefined

/**
 * The country picker's rows, named in the page's language (English today) so the list reads like the rest of
 * the screen. Built once: naming and sorting some 245 countries is not free.
 */
export function countryOptions(): PhoneCountryOption[] {
  options ??= listCountries(document.documentElement.lang || 'en')
  return options
}
