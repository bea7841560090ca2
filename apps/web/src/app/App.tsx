import { Route, Switch } from 'wouter'
import { AccountAddressRoute, useSessionSync } from '../features/auth/index.ts'
import { ErrorBoundary } from './ErrorBoundary.tsx'
import { HomePage } from './HomePage.tsx'
import { Layout } from './Layout.tsx'
import { NotFoundPage } from './NotFoundPage.tsx'
import { WalletRoutes } from './WalletRoutes.tsx'

export function App() {
  useSessionSync()
  return (
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
          <Route path="/wallet" nest>
            <WalletRoutes />
          </Route>
          <Route component={NotFoundPage} />
        </Switch>
      </ErrorBoundary>
    </Layout>
  )
}
