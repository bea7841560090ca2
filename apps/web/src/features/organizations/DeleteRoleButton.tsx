import { type KeyboardEvent, useEffect, useRef, useState } from 'react'
import { useLocation } from 'wouter'
import { deleteRole, type Role } from './organizationsApi.ts'
import { useOrganizationAction } from './useOrganizationAction.ts'

/** Who loses the role, in words: the page already knows its holders. */
const whoHoldsIt = (count: number) =>
  count === 0
    ? 'Nobody holds it now.'
    : count === 1
      ? 'It ends the role for the 1 person who holds it.'
      : `It ends the role for the ${count} people who hold it.`

/**
 * Deletes a role, after asking in place: one click cannot undo a role its holders rely on. Its pinned versions
 * stay public, as anything pinned does. Focus goes to the question, and back to the button when kept.
 */
export function DeleteRoleButton({ role }: { role: Role }) {
  const [, navigate] = useLocation()
  const [confirming, setConfirming] = useState(false)
  const askRef = useRef<HTMLButtonElement>(null)
  const questionRef = useRef<HTMLLegendElement>(null)
  /** Where focus goes after the next render: the question once asked, the first button once kept. */
  const focusNext = useRef<'question' | 'ask' | undefined>(undefined)
  // Leaves as soon as the role is gone, before everything is read again: that refetch drops the role, and this
  // page would say "There is no such role" (an alert) before a callback after it could move on.
  const remove = useOrganizationAction(async (signer) => {
    await deleteRole(signer, role.organization_id, role.id)
    navigate(`/${encodeURIComponent(role.organization_id)}`)
  })

  useEffect(() => {
    const target =
      focusNext.current === 'question' ? questionRef : focusNext.current === 'ask' ? askRef : undefined
    focusNext.current = undefined
    target?.current?.focus()
  })

  const ask = () => {
    remove.reset()
    focusNext.current = 'question'
    setConfirming(true)
  }
  const keep = () => {
    if (remove.isPending) return
    remove.reset()
    focusNext.current = 'ask'
    setConfirming(false)
  }
  const confirm = () => !remove.isPending && remove.mutate()
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.preventDefault()
      keep()
    }
  }

  return (
    <div className="stack-small">
      {confirming ? (
        <fieldset className="confirm-box stack-small" onKeyDown={onKeyDown}>
          <legend ref={questionRef} tabIndex={-1} className="confirm-question">
            Delete the role {role.name}?
          </legend>
          <p>
            {whoHoldsIt(role.holders.length)} Its pinned versions stay readable by their CIDs. This cannot be
            undone.
          </p>
          <div className="actions">
            <button
              type="button"
              className="button button-danger"
              aria-disabled={remove.isPending ? true : undefined}
              onClick={confirm}
            >
              {remove.isPending ? 'Deleting…' : 'Delete role'}
            </button>
            <button
              type="button"
              className="button button-secondary"
              aria-disabled={remove.isPending ? true : undefined}
              onClick={keep}
            >
              Keep it
            </button>
          </div>
        </fieldset>
      ) : (
        <>
          <p className="field-hint">
            Deleting the role ends it for everyone who holds it. Its pinned versions stay readable by their
            CIDs.
          </p>
          <div>
            <button ref={askRef} type="button" className="button button-secondary" onClick={ask}>
              Delete the role {role.name}
            </button>
          </div>
        </>
      )}
      {remove.error && (
        <p className="field-error" role="alert">
          {remove.error.message}
        </p>
      )}
    </div>
  )
}
