import { afterEach, describe, expect, it, vi } from 'vitest'
import { BaseError } from '../errors/BaseError.ts'
import { generatePassphrase } from './generatePassphrase.ts'
import { InvalidPassphraseLengthError } from './InvalidPassphraseLengthError.ts'
import { passphraseWordList } from './passphraseWordList.ts'
import type { RandomValues } from './RandomValues.ts'

// 2^32 - (2^32 mod 7772): the first value that is drawn again rather than favour low indexes.
const firstRejected = 2 ** 32 - (2 ** 32 % 7772)

/** A random source that hands out the given values in order, however the generator batches its requests. */
function fixedValues(values: number[]): RandomValues {
  const queue = [...values]
  return (array) => {
    for (let i = 0; i < array.length; i++) {
      const value = queue.shift()
      if (value === undefined) throw new Error('The test ran out of random values')
      array[i] = value
    }
  }
}

afterEach(() => {
  vi.restoreAllMocks()
})

describe('generatePassphrase', () => {
  it('gives 6 words joined by hyphens by default, each from the word list', () => {
    const words = generatePassphrase().split('-')
    expect(words).toHaveLength(6)
    for (const word of words) expect(passphraseWordList).toContain(word)
  })

  it('takes its randomness from crypto.getRandomValues', () => {
    const getRandomValues = vi.spyOn(globalThis.crypto, 'getRandomValues')
    generatePassphrase()
    expect(getRandomValues).toHaveBeenCalled()
    expect(getRandomValues.mock.calls[0]?.[0]).toBeInstanceOf(Uint32Array)
  })

  it('gives a different passphrase each time', () => {
    const passphrases = new Set(Array.from({ length: 20 }, () => generatePassphrase()))
    expect(passphrases.size).toBe(20)
  })

  it('takes a word count and a separator', () => {
    const passphrase = generatePassphrase({ words: 12, separator: ' ' })
    const words = passphrase.split(' ')
    expect(words).toHaveLength(12)
    for (const word of words) expect(passphraseWordList).toContain(word)
    expect(generatePassphrase({ words: 1 })).not.toContain('-')
    expect(generatePassphrase({ words: 64 }).split('-')).toHaveLength(64)
  })

  it('maps random values to words by index', () => {
    const randomValues = fixedValues([0, 1, 7771, 7772, 7772 * 2 + 2, firstRejected - 1])
    expect(generatePassphrase({ randomValues })).toBe('abacus-abdomen-zoom-abacus-abdominal-zoom')
  })

  it('draws again rather than accept a value that would bias the low words', () => {
    const randomValues = fixedValues([0, firstRejected, 7771, 2 ** 32 - 1, 1])
    expect(generatePassphrase({ words: 3, randomValues })).toBe('abacus-zoom-abdomen')
  })

  it('refuses word counts that are not a whole number from 1 to 64', () => {
    for (const words of [0, -1, 2.5, 65, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(() => generatePassphrase({ words })).toThrowError(InvalidPassphraseLengthError)
    }
    try {
      generatePassphrase({ words: 0 })
      expect.unreachable()
    } catch (error) {
      expect(error).toBeInstanceOf(BaseError)
      expect((error as InvalidPassphraseLengthError).shortMessage).toBe(
        'A passphrase needs a whole number of words from 1 to 64',
      )
      expect((error as InvalidPassphraseLengthError).details).toBe('Received 0.')
      expect((error as InvalidPassphraseLengthError).code).toBe('invalid_passphrase_length')
    }
  })
})
