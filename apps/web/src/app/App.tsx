import { Route, Switch } from 'wouter'
import { ErrorBoundary } from './ErrorBoundary.tsx'
import { HomePage } from './HomePage.tsx'
import { Layout } from './Layout.tsx'
import { NotFoundPage } from './NotFoundPage.tsx'

export function App() {
  return (
    <Layout>
      <ErrorBoundary>
        <Switch>
          <Route path="/" component={HomePage} />
          <Route component={NotFoundPage} />
        </Switch>
      </ErrorBoundary>
    </Layout>
  )
}
