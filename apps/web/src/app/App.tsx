import { lazy, Suspense } from 'react'
import { Route, Switch } from 'wouter'
import { AccountAddressRoute, LinkedWalletsRoute } from '../features/account/index.ts'
import { SignIn } from '../features/auth/index.ts'
import { SignInScreenContext, useSessionSync } from '../features/session/index.ts'
// Its own file, not `ui/index.ts`: the entry chunk would take in the whole kit.
import { StatusMessage } from '../ui/StatusMessage.tsx'
import { ErrorBoundary } from './ErrorBoundary.tsx'
import { HomePage } from './HomePage.tsx'
import { Layout } from './Layout.tsx'
import { NotFoundPage } from './NotFoundPage.tsx'
import { WalletRoutes } from './WalletRoutes.tsx'

// Loaded when visited, as the wallet screens are: the entry chunk stays the sign-in and the home.
const OrganizationRoutes = lazy(() =>
  // Its own file, not the feature's index: the home takes the index's invitations and roles, not the pages.
  import('../features/organizations/OrganizationRoutes.tsx').then((m) => ({ default: m.OrganizationRoutes })),
)
const SecurityPage = lazy(() =>
  import('../features/security/index.ts').then((m) => ({ default: m.SecurityPage })),
)

export function App() {
  useSessionSync()
  return (
    // A page that asks for sign-in offers this form to a signed-out visitor, where it stands.
    <SignInScreenContext value={SignIn}>
      <Layout>
        <ErrorBoundary>
          <Switch>
            <Route path="/" component={HomePage} />
            <Route path="/account/phone">
              <AccountAddressRoute kind="phone" />
            </Route>
            <Route path="/account/email">
              <AccountAddressRoute kind="email" />
            </Route>
            <Route path="/account/wallets" component={LinkedWalletsRoute} />
            <Route path="/security">
              <Suspense fallback={<StatusMessage>Loading…</StatusMessage>}>
                <SecurityPage />
              </Suspense>
            </Route>
            <Route path="/organizations" nest>
              <Suspense fallback={<StatusMessage>Loading…</StatusMessage>}>
                <OrganizationRoutes />
              </Suspense>
            </Route>
            <Route path="/wallet" nest>
              <WalletRoutes />
            </Route>
            <Route component={NotFoundPage} />
          </Switch>
        </ErrorBoundary>
      </Layout>
    </SignInScreenContext>
  )
}
