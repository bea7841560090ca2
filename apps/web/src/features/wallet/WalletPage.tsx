import { type ReactNode, useId, useRef } from 'react'
import { Link } from 'wouter'
import { useFocusOnMount } from '../../lib/useFocusOnMount.ts'
import { usePageTitle } from '../../lib/usePageTitle.ts'

/** A wallet screen: a way back home, the tab's title, and a heading that takes focus when the screen opens. */
export function WalletPage({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId()
  const heading = useRef<HTMLHeadingElement>(null)
  useFocusOnMount(heading, true)
  usePageTitle(title)
  return (
    <section className="card stack" aria-labelledby={headingId}>
      <p className="back-link">
        <Link href="~/">Back to home</Link>
      </p>
      <h1 id={headingId} ref={heading} tabIndex={-1}>
        {title}
      </h1>
      {children}
    </section>
  )
}
