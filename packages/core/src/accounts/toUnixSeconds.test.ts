import { describe, expect, it } from 'vitest'
import { toUnixSeconds } from './toUnixSeconds.ts'

describe('toUnixSeconds', () => {
  it('rounds a Date or a millisecond count down to whole seconds', () => {
    expect(toUnixSeconds(new Date('2026-01-02T03:04:05.999Z'))).toBe(1767323045)
    expect(toUnixSeconds(1767323045999)).toBe(1767323045)
    expect(toUnixSeconds(1767323045000)).toBe(1767323045)
    // Before the epoch, down is still down: -0.5 s is -1.
    expect(toUnixSeconds(-500)).toBe(-1)
  })
})
