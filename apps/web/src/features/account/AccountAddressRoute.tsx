import { lazy, Suspense } from 'react'
import type { DestinationKind } from '../auth/index.ts'

// Adding or changing an address is rare: its screen loads when asked for, not with the first page.
const AccountAddressPage = lazy(() =>
  import('./AccountAddressPage.tsx').then((module) => ({ default: module.AccountAddressPage })),
)

export function AccountAddressRoute({ kind }: { kind: DestinationKind }) {
  return (
    <Suspense
      fallback={
        <p className="status" role="status">
          Loading…
        </p>
      }
    >
      <AccountAddressPage kind={kind} />
    </Suspense>
  )
}
