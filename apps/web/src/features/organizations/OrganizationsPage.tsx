import { useQuery } from '@tanstack/react-query'
import { Link } from 'wouter'
import { CreateOrganizationForm } from './CreateOrganizationForm.tsx'
import { OrganizationFrame } from './OrganizationFrame.tsx'
import { organizationsQueryOptions } from './organizationsApi.ts'

/** `/organizations`: the member's organisations, and a form to create one. */
export function OrganizationsPage() {
  const list = useQuery(organizationsQueryOptions())
  return (
    <OrganizationFrame title="Organisations" back="~/" backLabel="Back to home">
      <section className="card stack" aria-labelledby="my-orgs-heading">
        <h2 id="my-orgs-heading">Your organisations</h2>
        {list.error && (
          <p className="field-error" role="alert">
            {list.error.message}
          </p>
        )}
        {list.isPending && <p role="status">Loading…</p>}
        {list.data?.length === 0 && (
          <p>You are in no organisation yet. Create one, or accept an invitation on your home.</p>
        )}
        {list.data && list.data.length > 0 && (
          <ul className="stack-small">
            {list.data.map((organization) => (
              <li key={organization.id}>
                <Link href={`/${encodeURIComponent(organization.id)}`} className="breakable">
                  {organization.name}
                </Link>{' '}
                <span className="field-hint">({organization.my_membership})</span>
              </li>
            ))}
          </ul>
        )}
      </section>
      <CreateOrganizationForm />
    </OrganizationFrame>
  )
}
