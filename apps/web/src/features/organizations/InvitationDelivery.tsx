import { formatInternational } from '@charter/core'
import { LocalTime } from '../../ui/index.ts'
import { type Invitation, resendInvitation } from './organizationsApi.ts'
import { useOrganizationAction } from './useOrganizationAction.ts'

/** An invited address as a person reads it: a phone number in the international format, an email as it is. */
export const shownAddress = (invitation: Pick<Invitation, 'address' | 'address_kind'>) =>
  invitation.address_kind === 'phone' ? formatInternational(invitation.address) : invitation.address

/**
 * How an invitation's text or email went, said to the admin who sent it: on its way (and until when its link
 * works), or saved but not sent, with a way to send it again.
 */
export function InvitationDelivery({
  invitation,
  organizationId,
}: {
  invitation: Invitation
  organizationId: string
}) {
  const resend = useOrganizationAction((signer) => resendInvitation(signer, organizationId, invitation.id))
  const current = resend.data ?? invitation
  const what = current.address_kind === 'phone' ? 'text' : 'email'
  const to = shownAddress(current)
  return (
    <div className="stack-small">
      {current.delivery === 'failed' ? (
        <p role="alert" className="breakable">
          Invited {to}: saved, but the {what} could not be sent: try Resend.
        </p>
      ) : current.delivery === 'not_sent' ? (
        <p role="status" className="breakable">
          Invited {to}: saved, but this server sends no {what}s. Tell them to sign in with it: the invitation
          waits on their home.
        </p>
      ) : (
        <p role="status" className="breakable">
          Invited {to}: {what === 'text' ? 'a text' : 'an email'} with the link is on its way. It works until{' '}
          <LocalTime at={current.expires_at} />.
        </p>
      )}
      {current.delivery === 'failed' && (
        <div>
          <button
            type="button"
            className="button button-secondary"
            aria-disabled={resend.isPending ? true : undefined}
            onClick={() => !resend.isPending && resend.mutate(undefined)}
          >
            {resend.isPending ? 'Sending…' : 'Resend'}
          </button>
        </div>
      )}
      {resend.error && (
        <p className="field-error" role="alert">
          {resend.error.message}
        </p>
      )}
    </div>
  )
}
