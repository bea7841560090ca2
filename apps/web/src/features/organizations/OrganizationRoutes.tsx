import { Route, Switch } from 'wouter'
import { RequireSignIn } from '../session/index.ts'
import { InvitationLinkPage } from './InvitationLinkPage.tsx'
import { NewRolePage } from './NewRolePage.tsx'
import { OrganizationPage } from './OrganizationPage.tsx'
import { OrganizationsPage } from './OrganizationsPage.tsx'
import { RolePage } from './RolePage.tsx'

/**
 * Everything under `/organizations`, for a signed-in member; an invitation's link signs its visitor in on its
 * own page, saying what they are signing in for.
 */
export function OrganizationRoutes() {
  return (
    <Switch>
      <Route path="/invitation">
        <InvitationLinkPage />
      </Route>
      <Route>
        <MemberRoutes />
      </Route>
    </Switch>
  )
}

function MemberRoutes() {
  return (
    <RequireSignIn>
      {() => (
        <Switch>
          <Route path="/">
            <OrganizationsPage />
          </Route>
          <Route path="/:id/roles/new/:cid?">
            {(params) => <NewRolePage organizationId={params.id} from={params.cid} />}
          </Route>
          <Route path="/:id/roles/:roleId">
            {(params) => <RolePage organizationId={params.id} roleId={params.roleId} />}
          </Route>
          <Route path="/:id">{(params) => <OrganizationPage id={params.id} />}</Route>
        </Switch>
      )}
    </RequireSignIn>
  )
}
