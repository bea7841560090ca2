import { LocalTime } from '../../ui/index.ts'
import { type Organization, revokeInvitation } from './organizationsApi.ts'
import { useOrganizationAction } from './useOrganizationAction.ts'

/** An admin's view of the invitations not yet answered, each of which they can revoke. */
export function PendingInvitations({ organization }: { organization: Organization }) {
  const revoke = useOrganizationAction((signer, id: string) => revokeInvitation(signer, organization.id, id))
  const pending = organization.invitations.filter((invitation) => invitation.status === 'pending')
  return (
    <div className="stack-small">
      <h3>Pending invitations</h3>
      {pending.length === 0 && <p className="field-hint">None.</p>}
      <ul className="stack-small">
        {pending.map((invitation) => (
          <li key={invitation.id}>
            <span className="breakable">{invitation.address}</span> as {invitation.membership}, sent{' '}
            <LocalTime at={invitation.created_at} />{' '}
            <button
              type="button"
              className="button button-secondary"
              onClick={() => revoke.mutate(invitation.id)}
            >
              Revoke the invitation of {invitation.address}
            </button>
          </li>
        ))}
      </ul>
      {revoke.error && (
        <p className="field-error" role="alert">
          {revoke.error.message}
        </p>
      )}
    </div>
  )
}
