import { describe, expect, it } from 'vitest'
import { formatAmount } from './formatAmount.ts'

describe('formatAmount', () => {
  it('groups thousands and keeps every decimal', () => {
    expect(formatAmount(21_000_000n * 10n ** 18n, 18)).toBe('21,000,000')
    expect(formatAmount(1_234_567_891n, 6)).toBe('1,234.567891')
    expect(formatAmount(1n, 18)).toBe('0.000000000000000001')
    expect(formatAmount(999n, 0)).toBe('999')
    expect(formatAmount(0n, 18)).toBe('0')
  })
})
