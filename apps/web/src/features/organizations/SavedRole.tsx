import type { Role } from './organizationsApi.ts'

/** What a save pinned: the CID, and the gateway address anyone can read it at. */
export function SavedRole({ role }: { role: Role }) {
  return (
    <p role="status" className="stack-small">
      <span>
        Saved and pinned. CID: <code className="breakable">{role.cid}</code>
      </span>
      <a href={role.gateway_url} target="_blank" rel="noopener noreferrer" className="breakable">
        Open on the gateway
      </a>
    </p>
  )
}
