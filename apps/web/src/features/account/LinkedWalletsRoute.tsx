import { lazy, Suspense } from 'react'
import { StatusMessage } from '../../ui/StatusMessage.tsx'

// Linking a wallet is rare: its screen (and the wallets' standards) load when asked for, not with the first page.
const LinkedWalletsPage = lazy(() =>
  import('./LinkedWalletsPage.tsx').then((module) => ({ default: module.LinkedWalletsPage })),
)

export function LinkedWalletsRoute() {
  return (
    <Suspense fallback={<StatusMessage>Loading…</StatusMessage>}>
      <LinkedWalletsPage />
    </Suspense>
  )
}
