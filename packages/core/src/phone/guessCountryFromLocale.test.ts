import { describe, expect, it } from 'vitest'
import { guessCountryFromLocale } from './guessCountryFromLocale.ts'

describe('guessCountryFromLocale', () => {
  it('takes the region of the locale', () => {
    expect(guessCountryFromLocale('en-GB')).toBe('GB')
    expect(guessCountryFromLocale('en-US')).toBe('US')
    expect(guessCountryFromLocale('de-CH')).toBe('CH')
    expect(guessCountryFromLocale('zh-Hant-TW')).toBe('TW')
  })

  it('reads an underscore as a dash', () => {
    expect(guessCountryFromLocale('en_GB')).toBe('GB')
  })

  it('gives a bare language its likeliest region', () => {
    expect(guessCountryFromLocale('fr')).toBe('FR')
    expect(guessCountryFromLocale('pt')).toBe('BR')
    expect(guessCountryFromLocale('en')).toBe('US')
  })

  it('falls back to US', () => {
    expect(guessCountryFromLocale(undefined)).toBe('US')
    expect(guessCountryFromLocale('')).toBe('US')
    expect(guessCountryFromLocale('es-419')).toBe('US')
    expect(guessCountryFromLocale('not a locale!')).toBe('US')
  })
})
