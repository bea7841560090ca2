/**
 * Characters of the scripts written right to left (Hebrew, Arabic, Syriac, Thaana, N'Ko and the rest of their
 * blocks, with their presentation forms). Among left-to-right text they reorder what stands around them with no
 * control character at all: "Pay א 1 ב 1000 USDC" reads as "Pay 1000 ב 1 א USDC".
 */
const rightToLeft = /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufefc\u{10800}-\u{10fff}\u{1e800}-\u{1efff}]/u
const rightToLeftRuns = /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufefc\u{10800}-\u{10fff}\u{1e800}-\u{1efff}]+/gu

export const hasRightToLeft = (text: string) => rightToLeft.test(text)

/** `text` cut into runs of right-to-left characters and the rest, in the order they are stored. */
export function splitRightToLeft(text: string): { text: string; rightToLeft: boolean }[] {
  const pieces: { text: string; rightToLeft: boolean }[] = []
  let last = 0
  for (const match of text.matchAll(rightToLeftRuns)) {
    if (match.index > last) pieces.push({ text: text.slice(last, match.index), rightToLeft: false })
    pieces.push({ text: match[0], rightToLeft: true })
    last = match.index + match[0].length
  }
  if (last < text.length) pieces.push({ text: text.slice(last), rightToLeft: false })
  return pieces
}
