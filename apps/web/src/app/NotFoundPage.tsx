import { Link } from 'wouter'
import { usePageTitle } from '../lib/usePageTitle.ts'

export function NotFoundPage() {
  usePageTitle('Page not found')
  return (
    <section className="card">
      <h1>Page not found</h1>
      <p>There is nothing at this address. It may have moved, or the link may be mistyped.</p>
      <Link href="/" className="button">
        Go to the start page
      </Link>
    </section>
  )
}
