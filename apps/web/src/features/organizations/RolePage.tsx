import { useQuery } from '@tanstack/react-query'
import { DeleteRoleButton } from './DeleteRoleButton.tsx'
import { DocumentEditor } from './DocumentEditor.tsx'
import { DocumentHistory } from './DocumentHistory.tsx'
import { DocumentView } from './DocumentView.tsx'
import { OrganizationFrame } from './OrganizationFrame.tsx'
import { organizationQueryOptions, roleHistoryQueryOptions, updateRole } from './organizationsApi.ts'
import { PublishedAs } from './PublishedAs.tsx'

/** `/organizations/:id/roles/:roleId`: a role, its editor for admins, and its history. */
export function RolePage({ organizationId, roleId }: { organizationId: string; roleId: string }) {
  const organization = useQuery(organizationQueryOptions(organizationId))
  const role = organization.data?.roles.find((each) => each.id === roleId)
  const back = `/${encodeURIComponent(organizationId)}`
  if (!organization.data || !role)
    return (
      <OrganizationFrame title="Role" back={back} backLabel="Back to the organisation">
        {organization.error ? (
          <p className="field-error" role="alert">
            {organization.error.message}
          </p>
        ) : organization.data ? (
          <p role="alert">There is no such role in this organisation.</p>
        ) : (
          <p role="status">Loading…</p>
        )}
      </OrganizationFrame>
    )
  return (
    <OrganizationFrame
      title={`Role: ${role.name}`}
      back={back}
      backLabel={`Back to ${organization.data.name}`}
    >
      <p>
        Held by{' '}
        {role.holders.length === 0 ? 'nobody yet' : role.holders.map((holder) => holder.label).join(', ')}.
      </p>
      {organization.data.my_membership === 'admin' ? (
        <section className="card stack" aria-labelledby="edit-role-heading">
          <h2 id="edit-role-heading">Edit the role</h2>
          {/* One editor per role: after a save it keeps what was pinned, and says where. */}
          <DocumentEditor
            key={role.id}
            noun="role"
            initial={role.document}
            save={(signer, document) => updateRole(signer, organizationId, role.id, document)}
          />
          <DeleteRoleButton role={role} />
          <PublishedAs pinned={role} />
        </section>
      ) : (
        <section className="card stack" aria-label="The role">
          <DocumentView document={role.document} headingLevel={2} />
          <PublishedAs pinned={role} />
        </section>
      )}
      <DocumentHistory query={roleHistoryQueryOptions(organizationId, roleId)} />
    </OrganizationFrame>
  )
}
