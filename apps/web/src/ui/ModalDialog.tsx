import { type ReactNode, useId, useLayoutEffect, useRef } from 'react'

type Props = {
  title: ReactNode
  /** The id of what the dialog says first, read out after the title. */
  describedBy?: string
  className?: string
  /** Escape: the owner answers as its own Cancel or Reject button would; the dialog closes when unmounted. */
  onCancel: () => void
  children: ReactNode
}

/**
 * A native modal `<dialog>`, open while it is mounted: the page behind it is inert and Tab stays inside;
 * focus goes to its title and returns, once it closes, to where it was.
 */
export function ModalDialog({ title, describedBy, className, onCancel, children }: Props) {
  const titleId = useId()
  const dialog = useRef<HTMLDialogElement>(null)
  const heading = useRef<HTMLHeadingElement>(null)

  // A layout effect, so the dialog is open before the layout effects of the parent that renders it (a child's
  // run first) measure its content: closed, it has no size at all.
  useLayoutEffect(() => {
    const element = dialog.current
    if (!element) return
    const returnFocus = document.activeElement instanceof HTMLElement ? document.activeElement : null
    if (!element.open) element.showModal()
    // The title first, as for any dialog whose content may be long: a screen reader reads on from there.
    heading.current?.focus()
    return () => {
      if (element.open) element.close()
      returnFocus?.focus()
    }
  }, [])

  return (
    <dialog
      ref={dialog}
      className={className}
      aria-labelledby={titleId}
      aria-describedby={describedBy}
      onCancel={(event) => {
        // Not closed by the browser: closed but still mounted, it would leave its question unanswered.
        event.preventDefault()
        onCancel()
      }}
    >
      <div className="stack">
        <h2 id={titleId} ref={heading} tabIndex={-1}>
          {title}
        </h2>
        {children}
      </div>
    </dialog>
  )
}
