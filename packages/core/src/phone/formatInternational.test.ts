import { describe, expect, it } from 'vitest'
import { formatInternational } from './formatInternational.ts'

describe('formatInternational', () => {
  it('groups a stored number the international way', () => {
    expect(formatInternational('+14155552671')).toBe('+1 415 555 2671')
    expect(formatInternational('+442071838750')).toBe('+44 20 7183 8750')
  })

  it('gives back what does not parse', () => {
    expect(formatInternational('not a number')).toBe('not a number')
  })
})
