import { describe, expect, it } from 'vitest'
import { InvalidPassphraseLengthError } from './InvalidPassphraseLengthError.ts'
import { passphraseEntropyBits } from './passphraseEntropyBits.ts'

describe('passphraseEntropyBits', () => {
  it('is about 12.92 bits per word', () => {
    expect(passphraseEntropyBits(1)).toBeCloseTo(12.924, 3)
    expect(passphraseEntropyBits(6)).toBeCloseTo(77.544, 3)
    expect(passphraseEntropyBits(10)).toBeCloseTo(129.24, 2)
  })

  it('refuses the word counts the generator refuses', () => {
    for (const words of [0, -6, 6.5, 65]) {
      expect(() => passphraseEntropyBits(words)).toThrowError(InvalidPassphraseLengthError)
    }
  })
})
