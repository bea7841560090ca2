import { useId } from 'react'
import { RequireSignIn } from '../session/index.ts'
import { WalletPage } from '../wallet/index.ts'
import { ActivityEntry } from './ActivityEntry.tsx'
import { activityLineKey } from './activityLineKey.ts'
import { type ActivityDay, groupByDay } from './groupByDay.ts'
import { useActivity } from './useActivity.ts'

/**
 * `/wallet/activity`: money received, and every signature, export and Reject, newest first and grouped by day,
 * each with the fingerprint of what was signed (or the exact amount received) behind its Details; a send with
 * what moved, its status and its hash.
 */
export function ActivityPage() {
  return <RequireSignIn>{() => <Activity />}</RequireSignIn>
}

function Activity() {
  const activity = useActivity()
  const lines = activity.data?.pages.flatMap((page) => page.activity)
  return (
    <WalletPage title="Activity">
      <p>
        Money received and sent, and every signature, export and declined request of your wallets, newest
        first. Charter keeps a fingerprint (SHA-256) of what was signed, never the thing itself.
      </p>
      {activity.isPending && (
        <p className="status" role="status">
          Loading your activity…
        </p>
      )}
      {activity.isError && (
        <div role="alert" className="stack-small">
          <p className="field-error">{activity.error.message}</p>
          <div className="actions">
            <button type="button" className="button" onClick={() => void activity.refetch()}>
              Try again
            </button>
          </div>
        </div>
      )}
      {lines?.length === 0 && (
        <p className="muted">
          Nothing yet. Money you receive or send, signatures and exports will show here.
        </p>
      )}
      {lines && lines.length > 0 && (
        <div className="stack">
          {groupByDay(lines, new Date()).map((day) => (
            <ActivityDaySection key={day.day} day={day} />
          ))}
        </div>
      )}
      {activity.hasNextPage && (
        <div className="actions">
          <button
            type="button"
            className="button button-secondary"
            aria-disabled={activity.isFetchingNextPage || undefined}
            onClick={() => {
              if (!activity.isFetchingNextPage) void activity.fetchNextPage()
            }}
          >
            {activity.isFetchingNextPage ? 'Loading older lines…' : 'Show older'}
          </button>
        </div>
      )}
    </WalletPage>
  )
}

function ActivityDaySection({ day }: { day: ActivityDay }) {
  const headingId = useId()
  return (
    <section aria-labelledby={headingId} className="activity-day">
      <h2 id={headingId} className="activity-day-heading">
        <time dateTime={day.day}>{day.label}</time>
      </h2>
      <ol className="activity-list">
        {day.entries.map((entry) => (
          <ActivityEntry key={activityLineKey(entry)} entry={entry} />
        ))}
      </ol>
    </section>
  )
}
