import { lazy, type ReactNode, Suspense, useEffect } from 'react'
import { Link } from 'wouter'
import { AccountMenu } from '../features/account/index.ts'
import { ModeBadge } from '../features/health/index.ts'
import { useCurrentUser } from '../features/session/index.ts'

// The wallet's part of every signed-in page (the device key's registration, the signature dialog) loads once
// someone is signed in, never with the first page.
const WalletSession = lazy(() =>
  import('../features/wallet/index.ts').then((module) => ({ default: module.WalletSession })),
)

export function Layout({ children }: { children: ReactNode }) {
  const { data: user } = useCurrentUser()
  useEffect(() => {
    // Signed out (here, in another tab, or by expiry): the device key of that session goes with it; the next
    // sign-in binds a fresh one.
    if (user === null)
      void import('../features/walletProxy/index.ts').then((proxy) => proxy.forgetWalletKey())
  }, [user])
  return (
    <div className="layout">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="topbar">
        <Link href="/" className="brand" aria-label="Charter, home">
          <img src="/favicon.svg" alt="" width="28" height="28" />
          <span>Charter</span>
        </Link>
        <div className="topbar-end">
          <ModeBadge />
          {user && <Link href="/organizations">Organisation</Link>}
          {user && <AccountMenu user={user} />}
        </div>
      </header>
      <main id="main" className="content" tabIndex={-1}>
        {children}
      </main>
      {user && (
        <Suspense fallback={null}>
          <WalletSession user={user} />
        </Suspense>
      )}
      <footer className="footer">
        <span>Charter — open-source wallets and roles for your organisation.</span>
      </footer>
    </div>
  )
}
