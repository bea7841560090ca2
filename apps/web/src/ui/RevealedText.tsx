import { Fragment } from 'react'
import { revealInvisibles } from './revealInvisibles.ts'

/**
 * Text someone else chose (a message to sign, a field's name), shown so that nothing in it is hidden: each
 * invisible, spacing or direction-changing character is drawn as a marked escape (`⟨U+202E⟩`) instead of
 * taking effect.
 */
export function RevealedText({ text }: { text: string }) {
  return (
    <>
      {revealInvisibles(text).map((piece, index) =>
        // The pieces of one text never move, so their place is their identity.
        piece.kind === 'text' ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: see above.
          <Fragment key={index}>{piece.text}</Fragment>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: see above.
          <mark key={index} className="escaped-char">
            {piece.label}
          </mark>
        ),
      )}
    </>
  )
}
