import { lazy, Suspense } from 'react'
import { SignIn } from '../features/auth/index.ts'
import { ServerStatus } from '../features/health/index.ts'
import { RequireSignIn } from '../features/session/index.ts'
// Its own file, not `ui/index.ts`: the entry chunk would take in the whole kit.
import { StatusMessage } from '../ui/StatusMessage.tsx'

// The signed-in home is where the wallets will live; it loads after the session check, not with the sign-in.
const SignedInHome = lazy(() =>
  import('./SignedInHome.tsx').then((module) => ({ default: module.SignedInHome })),
)

export function HomePage() {
  return (
    <div className="stack">
      <RequireSignIn
        signedOut={
          <section className="card stack">
            <div>
              <h1>Welcome to Charter</h1>
              <p>
                Wallets for every member of your organisation, behind a phone number or an email address, and
                a written record of who does what.
              </p>
            </div>
            <SignIn />
          </section>
        }
      >
        {(user) => (
          <Suspense fallback={<StatusMessage>Loading…</StatusMessage>}>
            <SignedInHome user={user} />
          </Suspense>
        )}
      </RequireSignIn>
      <ServerStatus />
    </div>
  )
}
