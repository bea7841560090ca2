import { Fragment } from 'react'
import { revealInvisibles } from './revealInvisibles.ts'
import { hasRightToLeft, splitRightToLeft } from './rightToLeft.ts'

/**
 * Text someone else chose (a message to sign, a field's name), shown so that nothing in it is hidden: each
 * invisible, spacing or direction-changing character is drawn as a marked escape (`⟨U+202E⟩`) instead of
 * taking effect. Text with right-to-left letters is isolated from what surrounds it and shown in the order it
 * is stored, left to right (a `bdo`), each right-to-left run marked: "Pay א 1 ב 1000 USDC" stays in that
 * order, where the browser's own ordering would show "Pay 1000 ב 1 א USDC".
 */
export function RevealedText({ text }: { text: string }) {
  const pieces = revealInvisibles(text).map((piece, index) =>
    // The pieces of one text never move, so their place is their identity.
    piece.kind === 'text' ? (
      // biome-ignore lint/suspicious/noArrayIndexKey: see above.
      <Fragment key={index}>{markRightToLeft(piece.text)}</Fragment>
    ) : (
      // biome-ignore lint/suspicious/noArrayIndexKey: see above.
      <mark key={index} className="escaped-char">
        {piece.label}
      </mark>
    ),
  )
  if (!hasRightToLeft(text)) return <>{pieces}</>
  return (
    <bdo dir="ltr" className="stored-order">
      {pieces}
    </bdo>
  )
}

function markRightToLeft(text: string) {
  if (!hasRightToLeft(text)) return text
  return splitRightToLeft(text).map((piece, index) =>
    piece.rightToLeft ? (
      // biome-ignore lint/suspicious/noArrayIndexKey: the runs of one text never move.
      <span key={index} className="rtl-run" title="Right-to-left text, shown in stored order">
        {piece.text}
      </span>
    ) : (
      piece.text
    ),
  )
}
