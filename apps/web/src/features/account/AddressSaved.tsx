import type { ReactNode } from 'react'
import { Link } from 'wouter'
import type { Destination } from '../auth/index.ts'
import { showDestination } from '../auth/index.ts'
import { addressNouns } from './addressNouns.ts'

/** The end of an account page: what the address is now, what else changed (`children`), and the way home. */
export function AddressSaved({ destination, children }: { destination: Destination; children?: ReactNode }) {
  return (
    <div className="stack">
      <p role="status">
        Done: your {addressNouns[destination.kind]} is now{' '}
        <strong className="breakable">{showDestination(destination)}</strong>. You can sign in with it from
        now on.
      </p>
      {children}
      <div className="actions">
        <Link href="/" className="button">
          Back to home
        </Link>
      </div>
    </div>
  )
}
