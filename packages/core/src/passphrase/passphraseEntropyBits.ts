import { assertPassphraseWordCount } from './assertPassphraseWordCount.ts'
import { passphraseWordList } from './passphraseWordList.ts'

/** The strength of a generated passphrase of `words` words: log2(7,772) ≈ 12.92 bits per word. */
export function passphraseEntropyBits(words: number): number {
  assertPassphraseWordCount(words)
  return words * Math.log2(passphraseWordList.length)
}
