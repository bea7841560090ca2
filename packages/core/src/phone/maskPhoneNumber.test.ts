import { describe, expect, it } from 'vitest'
import { maskPhoneNumber } from './maskPhoneNumber.ts'

describe('maskPhoneNumber', () => {
  it("shows '*' and the last 4 digits, dashes removed", () => {
    expect(maskPhoneNumber('+1 415-555-2671')).toBe('*2671')
    expect(maskPhoneNumber('+14155552671')).toBe('*2671')
    expect(maskPhoneNumber('415-555-26-71')).toBe('*2671')
  })

  it('takes digits, not characters, so spaces and brackets never show', () => {
    expect(maskPhoneNumber('+44 7400 123 456')).toBe('*3456')
    expect(maskPhoneNumber('+1 (415) 555-2671 ')).toBe('*2671')
  })

  it('shows what there is of a number under 4 digits', () => {
    expect(maskPhoneNumber('+12')).toBe('*12')
    expect(maskPhoneNumber('')).toBe('*')
  })
})
