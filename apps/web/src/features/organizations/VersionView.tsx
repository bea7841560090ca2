import { useQuery } from '@tanstack/react-query'
import { readDocument } from './readDocument.ts'
import { StoredDocument } from './StoredDocument.tsx'

/** One pinned version, read through Charter's gateway. */
export function VersionView({ cid }: { cid: string }) {
  const read = useQuery({ queryKey: ['ipfs', cid], queryFn: () => readDocument(cid), staleTime: Infinity })
  if (read.error)
    return (
      <p className="field-error" role="alert">
        {read.error.message}
      </p>
    )
  if (!read.data) return <p role="status">Reading {cid}…</p>
  return <StoredDocument result={read.data} />
}
