import { getCountries, getCountryCallingCode } from 'libphonenumber-js/min'
import type { PhoneCountryOption } from './PhoneCountryOption.ts'

/**
 * Every country the phone metadata knows, named in `locale` and sorted by name the way that language sorts,
 * for a country picker. A malformed locale tag falls back to English rather than throw from a render.
 */
export function listCountries(locale?: string): PhoneCountryOption[] {
  const locales = supportedLocaleOrEnglish(locale)
  const names = new Intl.DisplayNames(locales, { type: 'region', fallback: 'code' })
  const collator = new Intl.Collator(locales)
  return getCountries()
    .map((country) => ({
      country,
      name: names.of(country) ?? country,
      callingCode: getCountryCallingCode(country),
    }))
    .sort((a, b) => collator.compare(a.name, b.name))
}

function supportedLocaleOrEnglish(locale: string | undefined): string[] {
  if (locale === undefined) return ['en']
  try {
    return [...Intl.getCanonicalLocales(locale), 'en']
  } catch {
    return ['en']
  }
}
