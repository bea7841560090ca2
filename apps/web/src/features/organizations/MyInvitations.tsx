import { useQuery } from '@tanstack/react-query'
import { AnswerInvitation } from './AnswerInvitation.tsx'
import { shownAddress } from './InvitationDelivery.tsx'
import { invitationsQueryOptions } from './organizationsApi.ts'

/** On the home: invitations sent to an address the member signs in with, each to accept or decline. */
export function MyInvitations() {
  const invitations = useQuery(invitationsQueryOptions())
  if (!invitations.data || invitations.data.length === 0) return null
  return (
    <section className="card stack" aria-labelledby="invitations-heading">
      <h2 id="invitations-heading">Invitations</h2>
      <ul className="stack">
        {invitations.data.map((invitation) => (
          <li key={invitation.id} className="stack-small">
            <span>
              <strong className="breakable">{invitation.invited_by.label}</strong> invites you to join{' '}
              <strong className="breakable">{invitation.organization_name}</strong> as{' '}
              {invitation.membership === 'admin' ? 'an admin' : 'a member'} (sent to{' '}
              <span className="breakable">{shownAddress(invitation)}</span>).
            </span>
            <AnswerInvitation invitation={invitation} />
          </li>
        ))}
      </ul>
    </section>
  )
}
