import type { ParsedMetadataDocument } from '@charter/core'
import { DocumentView } from './DocumentView.tsx'

/** A document read by CID: shown if it matches the schema, else its raw JSON and what does not match. */
export function StoredDocument({ result }: { result: ParsedMetadataDocument }) {
  if (result.parsed) return <DocumentView document={result.parsed} />
  return (
    <div className="stack-small">
      <p role="alert">This is not a role document Charter can read. What does not match:</p>
      <ul>
        {result.error.issues.map((issue) => (
          <li key={`${issue.path}:${issue.message}`}>
            <code>{issue.path}</code>: {issue.message}
          </li>
        ))}
      </ul>
      <figure>
        <figcaption>Raw JSON, as stored</figcaption>
        <pre className="raw-json">{JSON.stringify(result.raw, null, 2)}</pre>
      </figure>
    </div>
  )
}
