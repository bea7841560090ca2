import { type ReactNode, useId, useRef } from 'react'
import { Link } from 'wouter'
import { useFocusOnMount } from '../../lib/useFocusOnMount.ts'
import { usePageTitle } from '../../lib/usePageTitle.ts'

/** An organisation screen: a way back, the tab's title, and a heading that takes focus when the screen opens. */
export function OrganizationFrame(props: {
  title: string
  back: string
  backLabel: string
  children: ReactNode
}) {
  const headingId = useId()
  const heading = useRef<HTMLHeadingElement>(null)
  useFocusOnMount(heading, true)
  usePageTitle(props.title)
  return (
    <section className="stack" aria-labelledby={headingId}>
      <p className="back-link">
        <Link href={props.back}>{props.backLabel}</Link>
      </p>
      <h1 id={headingId} ref={heading} tabIndex={-1} className="breakable">
        {props.title}
      </h1>
      {props.children}
    </section>
  )
}
