import { InvalidPassphraseLengthError } from './InvalidPassphraseLengthError.ts'

/** 64 words is over 800 bits, far past any need; the cap stops a typo from asking for millions. */
export const passphraseWordCountRange = { min: 1, max: 64 } as const

export function assertPassphraseWordCount(words: number): void {
  if (
    !Number.isInteger(words) ||
    words < passphraseWordCountRange.min ||
    words > passphraseWordCountRange.max
  ) {
    throw new InvalidPassphraseLengthError(words, passphraseWordCountRange)
  }
}
