import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { Field, LocalTime } from '../../ui/index.ts'
import type { roleHistoryQueryOptions } from './organizationsApi.ts'
import { VersionDiff } from './VersionDiff.tsx'
import { VersionView } from './VersionView.tsx'

/**
 * Every pinned version of a role's or the organisation's document, newest first: each one viewable, and what
 * changed between any two.
 */
export function DocumentHistory({ query }: { query: ReturnType<typeof roleHistoryQueryOptions> }) {
  const history = useQuery(query)
  const [viewed, setViewed] = useState<string>()
  const [from, setFrom] = useState<string>()
  const [to, setTo] = useState<string>()
  const versions = history.data ?? []
  const fromCid = from ?? versions[1]?.cid
  const toCid = to ?? versions[0]?.cid
  const versionOptions = versions.map((version, index) => (
    <option key={version.cid} value={version.cid}>
      Version {versions.length - index}
    </option>
  ))
  return (
    <section className="card stack" aria-labelledby="history-heading">
      <h2 id="history-heading">History</h2>
      {history.error && (
        <p className="field-error" role="alert">
          {history.error.message}
        </p>
      )}
      {!history.data && !history.error && <p role="status">Loading the history…</p>}
      <ol className="stack-small" aria-label="Versions">
        {versions.map((version, index) => (
          <li key={version.cid}>
            <span>
              Version {versions.length - index} by {version.changed_by.label},{' '}
              <LocalTime at={version.changed_at} />: <code className="breakable">{version.cid}</code>
            </span>{' '}
            <button
              type="button"
              className="button button-secondary"
              aria-expanded={viewed === version.cid}
              onClick={() => setViewed(viewed === version.cid ? undefined : version.cid)}
            >
              {viewed === version.cid ? 'Hide' : 'View'} version {versions.length - index}
            </button>
            {viewed === version.cid && <VersionView cid={version.cid} />}
          </li>
        ))}
      </ol>
      {versions.length > 1 && fromCid && toCid && (
        <div className="stack-small">
          <h3>Compare two versions</h3>
          <Field label="From" id="diff-from">
            {(control) => (
              <select
                {...control}
                className="input"
                value={fromCid}
                onChange={(event) => setFrom(event.target.value)}
              >
                {versionOptions}
              </select>
            )}
          </Field>
          <Field label="To" id="diff-to">
            {(control) => (
              <select
                {...control}
                className="input"
                value={toCid}
                onChange={(event) => setTo(event.target.value)}
              >
                {versionOptions}
              </select>
            )}
          </Field>
          <VersionDiff from={fromCid} to={toCid} />
        </div>
      )}
    </section>
  )
}
