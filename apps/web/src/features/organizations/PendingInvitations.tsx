import { LocalTime } from '../../ui/index.ts'
import { shownAddress } from './InvitationDelivery.tsx'
import { type Invitation, type Organization, resendInvitation, revokeInvitation } from './organizationsApi.ts'
import { useOrganizationAction } from './useOrganizationAction.ts'

/** One invitation not yet answered: whom it went to, until when its link works, and how it went. */
function PendingInvitation({
  invitation,
  organizationId,
}: {
  invitation: Invitation
  organizationId: string
}) {
  const revoke = useOrganizationAction((signer) => revokeInvitation(signer, organizationId, invitation.id))
  const resend = useOrganizationAction((signer) => resendInvitation(signer, organizationId, invitation.id))
  const to = shownAddress(invitation)
  const what = invitation.address_kind === 'phone' ? 'text' : 'email'
  const failure = revoke.error ?? resend.error
  return (
    <li className="stack-small">
      <span>
        <strong className="breakable">{invitation.invitee_name ?? to}</strong>
        {invitation.invitee_name && (
          <>
            {' '}
            (<span className="breakable">{to}</span>)
          </>
        )}{' '}
        as {invitation.membership === 'admin' ? 'an admin' : 'a member'}
      </span>
      <span className="field-hint">
        {invitation.status === 'expired' ? (
          <>
            The link expired on <LocalTime at={invitation.expires_at} />: resend it for a new one.
          </>
        ) : (
          <>
            {invitation.delivery === 'failed' ? `The ${what} could not be sent: try Resend. ` : ''}
            The link works until <LocalTime at={invitation.expires_at} />.
          </>
        )}
      </span>
      <div className="actions">
        <button
          type="button"
          className="button button-secondary"
          aria-disabled={resend.isPending ? true : undefined}
          onClick={() => !resend.isPending && resend.mutate(undefined)}
          aria-label={`Resend the invitation to ${to}`}
        >
          Resend
        </button>
        <button
          type="button"
          className="button button-secondary"
          onClick={() => revoke.mutate(undefined)}
          aria-label={`Revoke the invitation of ${to}`}
        >
          Revoke
        </button>
      </div>
      {resend.isSuccess && <p role="status">Sent again, with a new link.</p>}
      {failure && (
        <p className="field-error" role="alert">
          {failure.message}
        </p>
      )}
    </li>
  )
}

/** An admin's view of the invitations not yet answered, each of which they can resend or revoke. */
export function PendingInvitations({ organization }: { organization: Organization }) {
  const waiting = organization.invitations.filter(
    (invitation) => invitation.status === 'pending' || invitation.status === 'expired',
  )
  return (
    <div className="stack-small">
      <h3>Pending invitations</h3>
      {waiting.length === 0 && <p className="field-hint">None.</p>}
      <ul className="stack-small">
        {waiting.map((invitation) => (
          <PendingInvitation key={invitation.id} invitation={invitation} organizationId={organization.id} />
        ))}
      </ul>
    </div>
  )
}
