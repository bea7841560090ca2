import type { ReactNode } from 'react'

/** A wait or a state in words (loading, checking, setting up), announced politely by a screen reader. */
export function StatusMessage({ children }: { children: ReactNode }) {
  return (
    <p className="status" role="status">
      {children}
    </p>
  )
}
