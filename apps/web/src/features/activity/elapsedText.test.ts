import { describe, expect, it } from 'vitest'
import { elapsedText } from './elapsedText.ts'

describe('elapsedText', () => {
  it('reads seconds, then minutes and seconds, then hours and minutes', () => {
    expect(elapsedText(0)).toBe('0 s')
    expect(elapsedText(8.9)).toBe('8 s')
    expect(elapsedText(125)).toBe('2 min 5 s')
    expect(elapsedText(3840)).toBe('1 h 4 min')
  })

  it('reads a clock slightly behind the server as no time at all', () => {
    expect(elapsedText(-3)).toBe('0 s')
  })
})
