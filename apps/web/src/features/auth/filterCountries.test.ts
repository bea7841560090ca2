import { listCountries } from '@charter/core'
import { describe, expect, it } from 'vitest'
import { filterCountries } from './filterCountries.ts'

const countries = listCountries('en')
const codes = (search: string) => filterCountries(countries, search).map((option) => option.country)

describe('filterCountries', () => {
  it('finds countries by calling code, with or without +, the main country of a shared code first', () => {
    expect(codes('44')).toEqual(['GB', 'GG', 'IM', 'JE'])
    expect(codes('+44')).toEqual(codes('44'))
    expect(codes('+1')[0]).toBe('US')
    expect(codes('+1')).toContain('CA')
    const callingCodes = filterCountries(countries, '35').map((option) => option.callingCode)
    expect(new Set(callingCodes)).toEqual(
      new Set(['350', '351', '352', '353', '354', '355', '356', '357', '358', '359']),
    )
  })

  it('finds countries by name, ignoring case and accents, names that start with the search first', () => {
    expect(codes('germ')).toEqual(['DE'])
    expect(codes('aland')).toEqual(['AX', 'NZ'])
    expect(codes('united')[0]).toBe('AE')
    expect(codes('kingdom')).toEqual(['GB'])
  })

  it('finds a country by its two-letter code', () => {
    expect(codes('gb')).toContain('GB')
  })

  it('finds countries by the names and codes people use that the list does not: UK, USA, Britain, Deutschland', () => {
    expect(codes('UK')[0]).toBe('GB')
    expect(codes('uk')).toContain('UA')
    expect(codes('U.K.')[0]).toBe('GB')
    expect(codes('USA')[0]).toBe('US')
    expect(codes('US')[0]).toBe('US')
    expect(codes('u.s.')[0]).toBe('US')
    expect(codes('America')[0]).toBe('US')
    expect(codes('Britain')[0]).toBe('GB')
    expect(codes('great britain')[0]).toBe('GB')
    expect(codes('England')).toEqual(['GB'])
    expect(codes('Scotland')).toEqual(['GB'])
    expect(codes('Deutschland')).toEqual(['DE'])
    expect(codes('deutsch')).toEqual(['DE'])
    expect(codes('Holland')).toEqual(['NL'])
    expect(codes('Ivory Coast')).toEqual(['CI'])
    expect(codes('Burma')).toEqual(['MM'])
    expect(codes('turkey')[0]).toBe('TR')
    expect(codes('España')).toEqual(['ES'])
    expect(codes('cote d’ivoire')).toEqual(['CI'])
  })

  it('gives every country for an empty search, and none for nonsense', () => {
    expect(codes('  ')).toHaveLength(countries.length)
    expect(codes('zzzz')).toEqual([])
  })
})
