import type { ReactNode } from 'react'
import { Link } from 'wouter'
import { AccountMenu, useCurrentUser } from '../features/auth/index.ts'
import { ModeBadge } from '../features/health/index.ts'

export function Layout({ children }: { children: ReactNode }) {
  const { data: user } = useCurrentUser()
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
          {user && <AccountMenu user={user} />}
        </div>
      </header>
      <main id="main" className="content" tabIndex={-1}>
        {children}
      </main>
      <footer className="footer">
        <span>Charter — open-source wallets and roles for your organisation.</span>
      </footer>
    </div>
  )
}
