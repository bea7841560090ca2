import { type ReactNode, useRef } from 'react'
import { useFocusOnMount } from '../../lib/useFocusOnMount.ts'

/**
 * Why a wallet sign-in stopped, as an alert whose heading takes focus (the button pressed is gone), with what to
 * do next (`children`: try again, switch network, choose another wallet).
 */
export function WalletProblem({
  heading,
  text,
  children,
}: {
  heading: string
  text: ReactNode
  children: ReactNode
}) {
  const headingRef = useRef<HTMLHeadingElement>(null)
  useFocusOnMount(headingRef, true)
  return (
    <div className="wallet-error" role="alert">
      <h3 className="wallet-error-title" ref={headingRef} tabIndex={-1}>
        {heading}
      </h3>
      <p>{text}</p>
      <div className="actions">{children}</div>
    </div>
  )
}
