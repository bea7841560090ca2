import type { Pinned } from './organizationsApi.ts'

/** Where a document was published: its CID, after what it says, for whoever needs to cite or check it. */
export function PublishedAs({ pinned }: { pinned: Pinned }) {
  return (
    <p className="field-hint breakable">
      Published as <code>{pinned.cid}</code> ·{' '}
      <a href={pinned.gateway_url} target="_blank" rel="noopener noreferrer">
        Open the published document
      </a>
    </p>
  )
}
