import type { Pinned } from './organizationsApi.ts'

/** What a save pinned: the CID, and the gateway address anyone can read it at. */
export function SavedDocument({ saved }: { saved: Pinned }) {
  return (
    <p role="status" className="stack-small">
      <span>
        Saved and pinned. CID: <code className="breakable">{saved.cid}</code>
      </span>
      <a href={saved.gateway_url} target="_blank" rel="noopener noreferrer" className="breakable">
        Open on the gateway
      </a>
    </p>
  )
}
