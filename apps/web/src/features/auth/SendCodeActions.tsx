import type { ReactNode } from 'react'

/** The send button of an address form, and whatever the form offers beside it. */
export function SendCodeActions(props: { pending: boolean; submitLabel: string; children?: ReactNode }) {
  return (
    <div className="actions">
      <button type="submit" className="button" aria-disabled={props.pending || undefined}>
        {props.pending ? 'Sending…' : props.submitLabel}
      </button>
      {props.children}
    </div>
  )
}
