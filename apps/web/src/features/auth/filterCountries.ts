import type { PhoneCountryOption } from '@charter/core'
import { countryAliases } from './countryAliases.ts'
import { mainCountryByCallingCode } from './mainCountryByCallingCode.ts'

const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .replace(/[’']/g, '')
    .toLowerCase()

/**
 * The countries a search matches. Digits (with or without '+') match the calling code's start: '44' finds the
 * United Kingdom, then the others that share +44. Words match the name anywhere, accents and case aside
 * ('aland' finds Åland Islands), the two-letter code ('gb'), or a name people use that the list does not
 * ('UK', 'USA', 'Britain', 'Deutschland': `countryAliases`). A code or such a name typed in full comes first,
 * then names that start with the search, then names that contain it.
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
  const folded = fold(query).replace(/\s+/g, ' ').replace(/\.$/, '')
  // 'U.S.' and 'U.K.' are the codes too.
  const bare = folded.replace(/\./g, '')
  const exact: PhoneCountryOption[] = []
  // One or two letters already match dozens of names; other names join from the third.
  const starts: PhoneCountryOption[] = []
  const contains: PhoneCountryOption[] = []
  for (const option of countries) {
    const name = fold(option.name)
    const aliases = countryAliases[option.country] ?? []
    if (option.country.toLowerCase() === bare || aliases.includes(folded) || aliases.includes(bare))
      exact.push(option)
    else if (
      name.startsWith(folded) ||
      (folded.length >= 3 && aliases.some((alias) => alias.startsWith(folded)))
    )
      starts.push(option)
    else if (name.includes(folded)) contains.push(option)
  }
  return [...exact, ...starts, ...contains]
}
