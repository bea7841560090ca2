import { getCountries } from 'libphonenumber-js/min'
import { describe, expect, it } from 'vitest'
import { listCountries } from './listCountries.ts'

describe('listCountries', () => {
  it('lists every country once, with its name and calling code', () => {
    const countries = listCountries('en')
    expect(countries).toHaveLength(getCountries().length)
    expect(new Set(countries.map((option) => option.country)).size).toBe(countries.length)
    expect(countries).toContainEqual({ country: 'GB', name: 'United Kingdom', callingCode: '44' })
    expect(countries).toContainEqual({ country: 'US', name: 'United States', callingCode: '1' })
    expect(countries).toContainEqual({ country: 'XK', name: 'Kosovo', callingCode: '383' })
  })

  it('sorts by name as the language does, not by code point', () => {
    const names = listCountries('en').map((option) => option.name)
    expect(names[0]).toBe('Afghanistan')
    // Code-point order would put 'Å' after 'Z'.
    expect(names.indexOf('Åland Islands')).toBeLessThan(names.indexOf('Albania'))
    const collator = new Intl.Collator('en')
    for (let i = 1; i < names.length; i++) {
      expect(collator.compare(names[i - 1] as string, names[i] as string)).toBeLessThanOrEqual(0)
    }
  })

  it('names countries in the given language', () => {
    const countries = listCountries('fr')
    expect(countries).toContainEqual({ country: 'GB', name: 'Royaume-Uni', callingCode: '44' })
    expect(countries).toContainEqual({ country: 'DE', name: 'Allemagne', callingCode: '49' })
  })

  it('falls back to English for a missing or malformed locale', () => {
    for (const locale of [undefined, 'not a locale!']) {
      expect(listCountries(locale)).toContainEqual({ country: 'DE', name: 'Germany', callingCode: '49' })
    }
  })
})
