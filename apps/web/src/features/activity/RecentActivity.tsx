import { useQuery } from '@tanstack/react-query'
import { useId } from 'react'
import { Link } from 'wouter'
import { activityLineKey } from './activityLineKey.ts'
import { RecentLine } from './RecentLine.tsx'
import { recentActivityCount, recentActivityQueryOptions } from './recentActivityQueryOptions.ts'

/** The home's last few lines of activity (money in and out first of all), and the way to all of it. */
export function RecentActivity() {
  const headingId = useId()
  const recent = useQuery(recentActivityQueryOptions())
  const lines = recent.data?.activity.slice(0, recentActivityCount)
  return (
    <section className="card stack" aria-labelledby={headingId}>
      <div className="card-heading">
        <h2 id={headingId}>Recent activity</h2>
        <Link href="/wallet/activity">All activity</Link>
      </div>
      {recent.isPending && (
        <p className="status" role="status">
          Loading your activity…
        </p>
      )}
      {recent.isError && !lines && (
        <div className="stack-small">
          <p className="field-error">Your recent activity could not be loaded: {recent.error.message}</p>
          <div>
            <button type="button" className="button button-secondary" onClick={() => void recent.refetch()}>
              Try again
            </button>
          </div>
        </div>
      )}
      {lines?.length === 0 && <p className="muted">Nothing yet. Money you receive or send will show here.</p>}
      {lines && lines.length > 0 && (
        <ol className="recent-list" aria-labelledby={headingId}>
          {lines.map((line) => (
            <RecentLine key={activityLineKey(line)} line={line} />
          ))}
        </ol>
      )}
    </section>
  )
}
