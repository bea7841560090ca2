import { useQuery } from '@tanstack/react-query'
import { diffDocuments } from './diffDocuments.ts'
import { readDocument } from './readDocument.ts'

/** The fields that changed between two pinned versions, read through the gateway. */
export function VersionDiff({ from, to }: { from: string; to: string }) {
  const before = useQuery({
    queryKey: ['ipfs', from],
    queryFn: () => readDocument(from),
    staleTime: Infinity,
  })
  const after = useQuery({ queryKey: ['ipfs', to], queryFn: () => readDocument(to), staleTime: Infinity })
  if (before.error || after.error)
    return (
      <p className="field-error" role="alert">
        {(before.error ?? after.error)?.message}
      </p>
    )
  if (!before.data || !after.data) return <p role="status">Reading both versions…</p>
  const changes = diffDocuments(before.data.raw, after.data.raw)
  if (changes.length === 0) return <p role="status">The two versions are the same.</p>
  return (
    <div className="version-diff">
      <table aria-label="Changes between the two versions">
        <thead>
          <tr>
            <th scope="col">Field</th>
            <th scope="col">Before</th>
            <th scope="col">After</th>
          </tr>
        </thead>
        <tbody>
          {changes.map((change) => (
            <tr key={change.path}>
              <th scope="row">
                <code>{change.path}</code>
              </th>
              <td className="breakable">{change.before ?? '(none)'}</td>
              <td className="breakable">{change.after ?? '(none)'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
