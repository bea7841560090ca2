import { useQuery } from '@tanstack/react-query'
import { type FormEvent, useState } from 'react'
import { DisplayNameField } from './DisplayNameField.tsx'
import { displayNameProblem } from './displayName.ts'
import {
  acceptInvitation,
  declineInvitation,
  type Invitation,
  myNameQueryOptions,
  type Organization,
} from './organizationsApi.ts'
import { useOrganizationAction } from './useOrganizationAction.ts'

/**
 * Accepting or declining an invitation, with the name the member will go by there: the one they already have,
 * else the one the inviter gave them, else theirs to type. The field shows only once their own name is read, so
 * that the inviter's choice never stands in for it, and is never sent in its place.
 */
export function AnswerInvitation({
  invitation,
  onAccepted,
  onDeclined,
}: {
  invitation: Invitation
  onAccepted?: (organization: Organization) => void
  onDeclined?: () => void
}) {
  const myName = useQuery(myNameQueryOptions())
  const [typed, setTyped] = useState<string>()
  // Until the member's own name is read (or if it cannot be), no name goes with the answer.
  const known = myName.isSuccess
  const name = known ? (typed ?? myName.data ?? invitation.invitee_name ?? '') : ''
  const [tried, setTried] = useState(false)
  // What follows an answer is done as soon as it is in, before the invitation is read again: read again, it
  // says it was answered, and this form (with any callback of its own) is gone.
  const accept = useOrganizationAction(async (signer, displayName: string) => {
    const organization = await acceptInvitation(
      signer,
      invitation.id,
      displayName === '' ? undefined : displayName,
    )
    onAccepted?.(organization)
    return organization
  })
  const decline = useOrganizationAction(async (signer) => {
    const declined = await declineInvitation(signer, invitation.id)
    onDeclined?.()
    return declined
  })
  const failure = accept.error ?? decline.error
  const busy = accept.isPending || decline.isPending
  // Optional: without a name they are shown by their phone number or email.
  const problem = name.trim() === '' ? undefined : displayNameProblem(name)
  const submit = (event: FormEvent) => {
    event.preventDefault()
    setTried(true)
    if (busy || problem) return
    accept.mutate(name.trim())
  }
  return (
    <form className="stack-small" onSubmit={submit} noValidate>
      {known && (
        <DisplayNameField
          id={`name-for-${invitation.id}`}
          value={name}
          onChange={setTyped}
          error={tried ? problem : undefined}
        />
      )}
      <div className="actions">
        <button type="submit" className="button" aria-disabled={busy ? true : undefined}>
          Accept the invitation to {invitation.organization_name}
        </button>
        <button
          type="button"
          className="button button-secondary"
          aria-disabled={busy ? true : undefined}
          onClick={() => !busy && decline.mutate(undefined)}
        >
          Decline
        </button>
      </div>
      {failure && (
        <p className="field-error" role="alert">
          {failure.message}
        </p>
      )}
    </form>
  )
}
