/** A run of text as it is shown: plain characters, or one character that would not be seen, as a visible escape. */
export type TextPiece = { kind: 'text'; text: string } | { kind: 'escape'; codePoint: number; label: string }

/**
 * Controls (but tab and line feed), format characters (bidi controls such as U+202E, zero-width characters,
 * tags), surrogates, private-use and unassigned code points, line and paragraph separators, and every space
 * but the plain one: each is part of the text but shows as nothing, as a space or as reordered text.
 */
const hiddenByCategory = /^(?![\t\n ])[\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Cn}\p{Zl}\p{Zp}\p{Zs}]$/u

/** Default-ignorable characters outside those categories (fillers, joiners, variation selectors), and a blank. */
const hiddenRanges: [number, number][] = [
  [0x034f, 0x034f],
  [0x115f, 0x1160],
  [0x17b4, 0x17b5],
  [0x180b, 0x180f],
  [0x2800, 0x2800],
  [0x3164, 0x3164],
  [0xffa0, 0xffa0],
  [0xe0100, 0xe01ef],
]
const isHiddenByName = (codePoint: number) =>
  hiddenRanges.some(([first, last]) => codePoint >= first && codePoint <= last)

/** One emoji or text presentation selector right after a visible character only picks how that one looks. */
const isPresentationSelector = (codePoint: number) => codePoint === 0xfe0e || codePoint === 0xfe0f
const isVariationSelector = (codePoint: number) => codePoint >= 0xfe00 && codePoint <= 0xfe0f

export const escapeLabel = (codePoint: number) =>
  `⟨U+${codePoint.toString(16).toUpperCase().padStart(4, '0')}⟩`

/**
 * `text` as pieces to show, every character that would not be seen (or would reorder what follows) replaced by
 * an escape such as `⟨U+202E⟩`, so that what a person reads is what is signed.
 */
export function revealInvisibles(text: string): TextPiece[] {
  const pieces: TextPiece[] = []
  let plain = ''
  let previousShown = false
  for (const char of text) {
    const codePoint = char.codePointAt(0) ?? 0
    const hidden =
      hiddenByCategory.test(char) ||
      isHiddenByName(codePoint) ||
      (isVariationSelector(codePoint) && !(isPresentationSelector(codePoint) && previousShown))
    if (!hidden) {
      plain += char
      // A selector is visible only as the look of the character before it, so a second one is hidden again.
      previousShown = !isVariationSelector(codePoint)
      continue
    }
    if (plain) pieces.push({ kind: 'text', text: plain })
    plain = ''
    pieces.push({ kind: 'escape', codePoint, label: escapeLabel(codePoint) })
    previousShown = false
  }
  if (plain) pieces.push({ kind: 'text', text: plain })
  return pieces
}

/** How many characters of `text` `RevealedText` shows as escapes. */
export const countInvisibles = (text: string) =>
  revealInvisibles(text).filter((piece) => piece.kind === 'escape').length

/** `text` as `RevealedText` shows it, escapes and all: for titles and plain strings. */
export const revealedText = (text: string) =>
  revealInvisibles(text)
    .map((piece) => (piece.kind === 'text' ? piece.text : piece.label))
    .join('')
