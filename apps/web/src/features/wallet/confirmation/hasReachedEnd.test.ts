import { describe, expect, it } from 'vitest'
import { hasReachedEnd, overflows } from './hasReachedEnd.ts'

describe('hasReachedEnd', () => {
  it('is true when all fits, or once scrolled to the bottom (a pixel short counts)', () => {
    expect(hasReachedEnd({ scrollTop: 0, clientHeight: 300, scrollHeight: 300 })).toBe(true)
    expect(hasReachedEnd({ scrollTop: 0, clientHeight: 300, scrollHeight: 2_000 })).toBe(false)
    expect(hasReachedEnd({ scrollTop: 1_000, clientHeight: 300, scrollHeight: 2_000 })).toBe(false)
    expect(hasReachedEnd({ scrollTop: 1_699.5, clientHeight: 300, scrollHeight: 2_000 })).toBe(true)
  })

  it('says whether the box scrolls', () => {
    expect(overflows({ scrollTop: 0, clientHeight: 300, scrollHeight: 301 })).toBe(false)
    expect(overflows({ scrollTop: 0, clientHeight: 300, scrollHeight: 2_000 })).toBe(true)
  })
})
