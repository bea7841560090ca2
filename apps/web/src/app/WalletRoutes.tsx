import { lazy, Suspense } from 'react'
import { Route, Switch } from 'wouter'
// Its own file, not `ui/index.ts`: the entry chunk would take in the whole kit.
import { StatusMessage } from '../ui/StatusMessage.tsx'
import { NotFoundPage } from './NotFoundPage.tsx'

// Each wallet screen loads when it is visited; the developer page brings viem, the largest of them.
const ReceivePage = lazy(() =>
  import('../features/receive/index.ts').then((m) => ({ default: m.ReceivePage })),
)
const SendPage = lazy(() => import('../features/send/index.ts').then((m) => ({ default: m.SendPage })))
const SignMessagePage = lazy(() =>
  import('../features/sign/index.ts').then((m) => ({ default: m.SignMessagePage })),
)
const ExportPage = lazy(() => import('../features/export/index.ts').then((m) => ({ default: m.ExportPage })))
const AddFundsPage = lazy(() =>
  import('../features/funding/index.ts').then((m) => ({ default: m.AddFundsPage })),
)
const ActivityPage = lazy(() =>
  import('../features/activity/index.ts').then((m) => ({ default: m.ActivityPage })),
)
const DeveloperPage = lazy(() =>
  import('../features/developer/index.ts').then((m) => ({ default: m.DeveloperPage })),
)

/** The wallet's screens, under `/wallet` (a nested router: the paths here are relative to it). */
export function WalletRoutes() {
  return (
    <Suspense fallback={<StatusMessage>Loading…</StatusMessage>}>
      <Switch>
        <Route path="/send" component={SendPage} />
        <Route path="/receive" component={ReceivePage} />
        <Route path="/add-funds" component={AddFundsPage} />
        <Route path="/sign" component={SignMessagePage} />
        <Route path="/export" component={ExportPage} />
        <Route path="/activity" component={ActivityPage} />
        <Route path="/developer" component={DeveloperPage} />
        <Route component={NotFoundPage} />
      </Switch>
    </Suspense>
  )
}
