import { useQuery } from '@tanstack/react-query'
import { DeleteRoleButton } from './DeleteRoleButton.tsx'
import { DocumentEditor } from './DocumentEditor.tsx'
import { DocumentHistory } from './DocumentHistory.tsx'
import { DocumentView } from './DocumentView.tsx'
import { OrganizationFrame } from './OrganizationFrame.tsx'
import { organizationQueryOptions, roleHistoryQueryOptions, updateRole } from './organizationsApi.ts'

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
      <p className="breakable">
        Current CID: <code>{role.cid}</code> ·{' '}
        <a href={role.gateway_url} target="_blank" rel="noopener noreferrer">
          Open on the gateway
        </a>
      </p>
      {organization.data.my_membership === 'admin' ? (
        <section className="card stack" aria-label="Edit the role">
          {/* One editor per role: after a save it keeps what was pinned, and says where. */}
          <DocumentEditor
            key={role.id}
            noun="role"
            initial={role.document}
            save={(signer, document) => updateRole(signer, organizationId, role.id, document)}
          />
          <DeleteRoleButton role={role} />
        </section>
      ) : (
        <section className="card stack" aria-label="The role">
          <DocumentView document={role.document} headingLevel={2} />
        </section>
      )}
      <DocumentHistory query={roleHistoryQueryOptions(organizationId, roleId)} />
    </OrganizationFrame>
  )
}
