import { describe, expect, it } from 'vitest'
import { durationInWords } from './durationInWords.ts'

describe('durationInWords', () => {
  it('says whole hours as hours, and shorter holds in minutes or seconds', () => {
    expect(durationInWords(24)).toBe('24 hours')
    expect(durationInWords(1)).toBe('1 hour')
    expect(durationInWords(1.5)).toBe('90 minutes')
    expect(durationInWords(0.5)).toBe('30 minutes')
    expect(durationInWords(1 / 60)).toBe('1 minute')
    expect(durationInWords(0.001)).toBe('4 seconds')
  })
})
