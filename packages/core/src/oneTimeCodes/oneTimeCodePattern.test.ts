import { describe, expect, it } from 'vitest'
import { oneTimeCodePattern } from './oneTimeCodePattern.ts'

describe('oneTimeCodePattern', () => {
  it('takes six digits and nothing else', () => {
    expect(oneTimeCodePattern.test('012345')).toBe(true)
    for (const text of ['01234', '0123456', '01234a', ' 012345', '012345\n', '١٢٣٤٥٦'])
      expect(oneTimeCodePattern.test(text), JSON.stringify(text)).toBe(false)
  })
})
