import { useQuery } from '@tanstack/react-query'
import { Link } from 'wouter'
import { DocumentView } from './DocumentView.tsx'
import { myRolesQueryOptions } from './organizationsApi.ts'

/** On the home: the roles the member holds, and what each expects of them. */
export function MyRoles() {
  const roles = useQuery(myRolesQueryOptions())
  return (
    <section className="card stack" aria-labelledby="my-roles-heading">
      <h2 id="my-roles-heading">Your roles</h2>
      {roles.error && (
        <p className="field-error" role="alert">
          {roles.error.message}
        </p>
      )}
      {roles.data?.length === 0 && (
        <p>
          You hold no role yet. <Link href="/organizations">See your organisations, or start one</Link>.
        </p>
      )}
      <ul className="stack">
        {roles.data?.map(({ organization, role }) => (
          <li key={role.id} className="stack-small" aria-label={`${role.name} in ${organization.name}`}>
            <span>
              In{' '}
              <Link href={`/organizations/${encodeURIComponent(organization.id)}`}>{organization.name}</Link>:
            </span>
            <DocumentView document={role.document} />
          </li>
        ))}
      </ul>
    </section>
  )
}
