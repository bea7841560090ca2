import { useLocation } from 'wouter'
import { deleteRole, type Role } from './organizationsApi.ts'
import { useOrganizationAction } from './useOrganizationAction.ts'

/** Deletes a role: its holders lose it; its pinned versions stay public, as anything pinned does. */
export function DeleteRoleButton({ role }: { role: Role }) {
  const [, navigate] = useLocation()
  const remove = useOrganizationAction((signer) => deleteRole(signer, role.organization_id, role.id))
  return (
    <div className="stack-small">
      <p className="field-hint">
        Deleting the role ends it for everyone who holds it. Its pinned versions stay readable by their CIDs.
      </p>
      <div>
        <button
          type="button"
          className="button button-secondary"
          aria-disabled={remove.isPending ? true : undefined}
          onClick={() =>
            !remove.isPending &&
            remove.mutate(undefined, {
              onSuccess: () => navigate(`/${encodeURIComponent(role.organization_id)}`),
            })
          }
        >
          Delete the role {role.name}
        </button>
      </div>
      {remove.error && (
        <p className="field-error" role="alert">
          {remove.error.message}
        </p>
      )}
    </div>
  )
}
