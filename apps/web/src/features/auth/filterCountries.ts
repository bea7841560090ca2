import type { PhoneCountryOption } from '@charter/core'
import { mainCountryByCallingCode } from './mainCountryByCallingCode.ts'

const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()

/**
 * The countries a search matches. Digits (with or without '+') match the calling code's start: '44' finds the
 * United Kingdom, then the others that share +44. Words match the name anywhere, accents and case aside
 * ('aland' finds Åland Islands), or the two-letter code ('gb'); names that start with the search come first.
 */
export function filterCountries(countries: PhoneCountryOption[], search: string): PhoneCountryOption[] {
  const query = search.trim()
  if (query === '') return countries
  const digits = query.replace(/^\+/, '').replace(/[\s-]/g, '')
  if (/^\d+$/.test(digits)) {
    // Calling codes are a prefix code (no code starts another), so '35' lists 350 to 359.
    const main = mainCountryByCallingCode[digits]
    return countries
      .filter((option) => option.callingCode.startsWith(digits))
      .sort((a, b) => Number(b.country === main) - Number(a.country === main))
  }
  const folded = fold(query)
  const starts: PhoneCountryOption[] = []
  const contains: PhoneCountryOption[] = []
  for (const option of countries) {
    const name = fold(option.name)
    if (name.startsWith(folded) || option.country.toLowerCase() === folded) starts.push(option)
    else if (name.includes(folded)) contains.push(option)
  }
  return [...starts, ...contains]
}
