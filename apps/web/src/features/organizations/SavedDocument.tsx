import type { Pinned } from './organizationsApi.ts'
import { PublishedAs } from './PublishedAs.tsx'

/** A save that went through: said first, and where it was published after. */
export function SavedDocument({ saved }: { saved: Pinned }) {
  return (
    <div role="status" className="stack-small">
      <p>Saved.</p>
      <PublishedAs pinned={saved} />
    </div>
  )
}
