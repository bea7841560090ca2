import type { ReactNode } from 'react'
import { useBrowserCheck } from './browserCheck.ts'

/** The send button of an address form, and whatever the form offers beside it. */
export function SendCodeActions(props: { pending: boolean; submitLabel: string; children?: ReactNode }) {
  // Past an address's allowance the server asks this browser for a proof of work first: said, never shown.
  const checking = useBrowserCheck()
  return (
    <div className="actions">
      <button type="submit" className="button" aria-disabled={props.pending || undefined}>
        {props.pending ? (checking ? 'Checking this browser…' : 'Sending…') : props.submitLabel}
      </button>
      {props.children}
    </div>
  )
}
