import { useQuery } from '@tanstack/react-query'
import {
  acceptInvitation,
  declineInvitation,
  type Invitation,
  invitationsQueryOptions,
} from './organizationsApi.ts'
import { useOrganizationAction } from './useOrganizationAction.ts'

function InvitationRow({ invitation }: { invitation: Invitation }) {
  const accept = useOrganizationAction((signer) => acceptInvitation(signer, invitation.id))
  const decline = useOrganizationAction((signer) => declineInvitation(signer, invitation.id))
  const failure = accept.error ?? decline.error
  const busy = accept.isPending || decline.isPending
  return (
    <li className="stack-small">
      <span>
        <strong className="breakable">{invitation.organization_name}</strong> invites you as{' '}
        {invitation.membership} (sent to <span className="breakable">{invitation.address}</span> by{' '}
        <span className="breakable">{invitation.invited_by.label}</span>).
      </span>
      <div className="actions">
        <button
          type="button"
          className="button"
          aria-disabled={busy ? true : undefined}
          onClick={() => !busy && accept.mutate(undefined)}
        >
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
    </li>
  )
}

/** On the home: invitations sent to an address the member signs in with, each to accept or decline. */
export function MyInvitations() {
  const invitations = useQuery(invitationsQueryOptions())
  if (!invitations.data || invitations.data.length === 0) return null
  return (
    <section className="card stack" aria-labelledby="invitations-heading">
      <h2 id="invitations-heading">Invitations</h2>
      <ul className="stack">
        {invitations.data.map((invitation) => (
          <InvitationRow key={invitation.id} invitation={invitation} />
        ))}
      </ul>
    </section>
  )
}
