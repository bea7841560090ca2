import { describe, expect, it } from 'vitest'
import { isPhoneCountry } from './isPhoneCountry.ts'

describe('isPhoneCountry', () => {
  it('knows ISO codes in capitals and the metadata’s own additions', () => {
    for (const code of ['US', 'GB', 'FR', 'AC', 'TA', 'XK']) expect(isPhoneCountry(code), code).toBe(true)
  })

  it('refuses anything else', () => {
    for (const value of ['gb', 'XX', 'UK', 'USA', '', 1, undefined]) expect(isPhoneCountry(value)).toBe(false)
  })
})
