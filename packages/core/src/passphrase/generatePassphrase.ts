import { assertPassphraseWordCount } from './assertPassphraseWordCount.ts'
import { passphraseWordList } from './passphraseWordList.ts'
import { cryptoRandomValues, type RandomValues } from './RandomValues.ts'
import { uniformRandomIndices } from './uniformRandomIndices.ts'

export type GeneratePassphraseOptions = {
  /** How many words; 6 by default (about 77.5 bits). A whole number from 1 to 64. */
  words?: number
  /** Goes between words; '-' by default, unambiguous because no word in the list has a hyphen. */
  separator?: string
  /** For tests only: a stand-in for `crypto.getRandomValues`. */
  randomValues?: RandomValues
}

/** A passphrase of words drawn uniformly and independently from `passphraseWordList` with a CSPRNG. */
export function generatePassphrase({
  words = 6,
  separator = '-',
  randomValues = cryptoRandomValues,
}: GeneratePassphraseOptions = {}): string {
  assertPassphraseWordCount(words)
  return uniformRandomIndices(words, passphraseWordList.length, randomValues)
    .map((index) => passphraseWordList[index])
    .join(separator)
}
