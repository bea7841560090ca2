import { describe, expect, it } from 'vitest'
import { equalInConstantTime } from './equalInConstantTime.ts'

describe('equalInConstantTime', () => {
  it('says whether the bytes are the same, and refuses other lengths without throwing', () => {
    const bytes = (text: string) => new TextEncoder().encode(text)
    expect(equalInConstantTime(bytes('secret'), bytes('secret'))).toBe(true)
    expect(equalInConstantTime(bytes('secret'), bytes('secreT'))).toBe(false)
    expect(equalInConstantTime(bytes('secret'), bytes('secrets'))).toBe(false)
    expect(equalInConstantTime(bytes(''), bytes(''))).toBe(true)
  })
})
