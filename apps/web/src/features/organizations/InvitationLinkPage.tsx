import { useQuery } from '@tanstack/react-query'
import { useContext } from 'react'
import { Link, useLocation } from 'wouter'
import { LocalTime } from '../../ui/index.ts'
import { RequireSignIn, SignInScreenContext } from '../session/index.ts'
import { AnswerInvitation } from './AnswerInvitation.tsx'
import { shownAddress } from './InvitationDelivery.tsx'
import { OrganizationFrame } from './OrganizationFrame.tsx'
import { type Invitation, invitationLinkQueryOptions } from './organizationsApi.ts'

/** The link's token, after `#`: a browser never sends it to a server, so no log or proxy keeps it. */
const tokenInLink = () => (typeof window === 'undefined' ? '' : window.location.hash.slice(1))

/** What an invitation's state means to whoever opened its link. */
function Answered({ invitation }: { invitation: Invitation }) {
  const org = `/${encodeURIComponent(invitation.organization_id)}`
  switch (invitation.status) {
    case 'accepted':
      return (
        <p>
          This invitation was accepted. <Link href={org}>Open {invitation.organization_name}</Link>
        </p>
      )
    case 'declined':
      return <p>This invitation was declined. Ask an admin of the organisation for a new one.</p>
    case 'revoked':
      return <p>This invitation was withdrawn by an admin of the organisation.</p>
    case 'expired':
      return (
        <p>
          This invitation expired on <LocalTime at={invitation.expires_at} />. Ask{' '}
          <span className="breakable">{invitation.invited_by.label}</span> to send it again.
        </p>
      )
    default:
      return null
  }
}

function OpenedInvitation({ token }: { token: string }) {
  const [, navigate] = useLocation()
  const link = useQuery(invitationLinkQueryOptions(token))
  const invitation = link.data
  if (!invitation)
    return (
      <OrganizationFrame title="Invitation" back="~/" backLabel="Back to home">
        {link.error ? (
          <p className="field-error" role="alert">
            {link.error.message}
          </p>
        ) : (
          <p role="status">Opening the invitation…</p>
        )}
      </OrganizationFrame>
    )
  return (
    <OrganizationFrame title={`Join ${invitation.organization_name}`} back="~/" backLabel="Back to home">
      <section className="card stack" aria-labelledby="invitation-heading">
        <h2 id="invitation-heading">
          <span className="breakable">{invitation.invited_by.label}</span> invites you
        </h2>
        <p>
          to join <strong className="breakable">{invitation.organization_name}</strong> as{' '}
          {invitation.membership === 'admin' ? 'an admin' : 'a member'}. It was sent to{' '}
          <span className="breakable">{shownAddress(invitation)}</span>.
        </p>
        {invitation.status === 'pending' ? (
          <>
            <p className="field-hint">
              The invitation works until <LocalTime at={invitation.expires_at} />.
            </p>
            <AnswerInvitation
              invitation={invitation}
              onAccepted={(organization) => navigate(`/${encodeURIComponent(organization.id)}`)}
              onDeclined={() => navigate('~/')}
            />
          </>
        ) : (
          <Answered invitation={invitation} />
        )}
      </section>
    </OrganizationFrame>
  )
}

/** The app's sign-in form, as `RequireSignIn` would show it. */
function SignInHere() {
  const SignIn = useContext(SignInScreenContext)
  return SignIn ? <SignIn /> : null
}

/**
 * `/organizations/invitation#<token>`: the page an invitation's text or email links to. A signed-out visitor
 * signs in here, in place, and then sees the invitation; someone signed in with another address hears only that
 * it is for someone else.
 */
export function InvitationLinkPage() {
  const token = tokenInLink()
  return (
    <RequireSignIn
      signedOut={
        <section className="card stack">
          <h1>You are invited</h1>
          <p>Sign in with the phone number or email address the invitation was sent to, to see it.</p>
          <SignInHere />
        </section>
      }
    >
      {() =>
        token === '' ? (
          <OrganizationFrame title="Invitation" back="~/" backLabel="Back to home">
            <p role="alert">This link is missing its end: open the whole link from the text or email.</p>
          </OrganizationFrame>
        ) : (
          <OpenedInvitation token={token} />
        )
      }
    </RequireSignIn>
  )
}
