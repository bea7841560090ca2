import { useQuery } from '@tanstack/react-query'
import { Link, useLocation, useSearch } from 'wouter'
import { useCurrentUser } from '../session/index.ts'
import { DocumentEditor } from './DocumentEditor.tsx'
import { DocumentHistory } from './DocumentHistory.tsx'
import { DocumentView } from './DocumentView.tsx'
import { ImportDocument } from './ImportDocument.tsx'
import { InviteForm } from './InviteForm.tsx'
import { MemberRow } from './MemberRow.tsx'
import { OrganizationFrame } from './OrganizationFrame.tsx'
import {
  organizationHistoryQueryOptions,
  organizationQueryOptions,
  updateOrganizationDocument,
} from './organizationsApi.ts'
import { PendingInvitations } from './PendingInvitations.tsx'
import { PublishedAs } from './PublishedAs.tsx'

/** `/organizations/:id`: its details, members and roles; admins change them, members read them. */
export function OrganizationPage({ id }: { id: string }) {
  const organization = useQuery(organizationQueryOptions(id))
  const me = useCurrentUser().data
  const [, navigate] = useLocation()
  // `?assign=<role id>`: a role just saved, to be given to a member (each row offers it first).
  const assigning = new URLSearchParams(useSearch()).get('assign') ?? undefined
  const org = organization.data
  if (!org)
    return (
      <OrganizationFrame title="Organisation" back="/" backLabel="Back to organisations">
        {organization.error ? (
          <p className="field-error" role="alert">
            {organization.error.message}
          </p>
        ) : (
          <p role="status">Loading…</p>
        )}
      </OrganizationFrame>
    )
  const isAdmin = org.my_membership === 'admin'
  const assignedRole = org.roles.find((role) => role.id === assigning)
  const base = `/${encodeURIComponent(org.id)}`
  return (
    <OrganizationFrame title={org.name} back="/" backLabel="Back to organisations">
      <section className="card stack-small" aria-label="Details">
        <DocumentView document={org.document} headingLevel={2} />
        <p className="field-hint">
          You are {isAdmin ? 'an admin' : 'a member'} of this organisation.
          {!isAdmin && ' Only its admins change it; you can read everything here.'}
        </p>
        <PublishedAs pinned={org} />
        {isAdmin && (
          <details>
            <summary>Edit the organisation’s details</summary>
            <DocumentEditor
              noun="organisation"
              initial={org.document}
              save={(signer, document) => updateOrganizationDocument(signer, org.id, document)}
            />
          </details>
        )}
      </section>
      <section className="card stack" aria-labelledby="members-heading">
        <h2 id="members-heading">Members</h2>
        {isAdmin && assignedRole && (
          <p>
            Choose who holds <strong className="breakable">{assignedRole.name}</strong>: press “Assign{' '}
            {assignedRole.name}” on their row.
          </p>
        )}
        <ul className="stack member-list">
          {org.members.map((member) => (
            <MemberRow
              key={member.user_id}
              organization={org}
              member={member}
              isMe={member.user_id === me?.id}
              onLeft={() => navigate('/')}
              assigning={isAdmin ? assignedRole?.id : undefined}
            />
          ))}
        </ul>
        {isAdmin && <PendingInvitations organization={org} />}
        {isAdmin && <InviteForm organizationId={org.id} />}
      </section>
      <section className="card stack" aria-labelledby="roles-heading">
        <h2 id="roles-heading">Roles</h2>
        {org.roles.length === 0 && <p>No roles yet.</p>}
        <ul className="stack-small">
          {org.roles.map((role) => (
            <li key={role.id}>
              <Link href={`${base}/roles/${encodeURIComponent(role.id)}`} className="breakable">
                {role.name}
              </Link>{' '}
              <span className="field-hint">
                held by{' '}
                {role.holders.length === 0 ? 'nobody' : role.holders.map((holder) => holder.label).join(', ')}
              </span>
            </li>
          ))}
        </ul>
        {isAdmin && (
          <p>
            <Link href={`${base}/roles/new`} className="button">
              Write a new role
            </Link>
          </p>
        )}
      </section>
      <DocumentHistory query={organizationHistoryQueryOptions(org.id)} />
      <ImportDocument organizationId={org.id} canAdd={isAdmin} />
    </OrganizationFrame>
  )
}
