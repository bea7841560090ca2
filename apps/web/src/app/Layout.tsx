import type { ReactNode } from 'react'
import { Link } from 'wouter'
import { ModeBadge } from '../features/health/index.ts'

export function Layout({ children }: { children: ReactNode }) {
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
        <ModeBadge />
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
