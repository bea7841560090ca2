import { shortenAddress } from '@charter/core'
import { useId } from 'react'
import { FullAddress } from '../../ui/index.ts'
import { RevealedText } from '../../ui/RevealedText.tsx'
import { RequireSignIn } from '../session/index.ts'
import { chainTypeNames, WalletPage } from '../wallet/index.ts'
import { ActivitySendStatus } from './ActivitySendStatus.tsx'
import { type ActivityDay, groupByDay } from './groupByDay.ts'
import { SendSummary } from './SendSummary.tsx'
import { useActivity } from './useActivity.ts'
import type { WalletActivity } from './WalletActivity.ts'

const timeFormat = new Intl.DateTimeFormat(undefined, { timeStyle: 'short' })

/**
 * `/wallet/activity`: every signature, export and Reject, newest first and grouped by day, each with the
 * fingerprint of what was signed behind its Details; a send with what moved, its status and its hash.
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
        Every send, signature, export and declined request of your wallets, newest first. Charter keeps a
        fingerprint (SHA-256) of what was signed, never the thing itself.
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
      {lines?.length === 0 && <p className="muted">Nothing yet. Signatures and exports will show here.</p>}
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
          <ActivityEntry key={entry.id} entry={entry} />
        ))}
      </ol>
    </section>
  )
}

function ActivityEntry({ entry }: { entry: WalletActivity }) {
  const at = new Date(entry.created_at * 1000)
  const declined = entry.kind === 'decline'
  return (
    <li className={declined ? 'activity-entry activity-decline' : 'activity-entry'}>
      <p className="activity-summary">
        {declined && <span className="activity-tag">Declined</span>}
        {/* Names in a summary come from whoever asked for the signature: nothing hidden may reword it. */}
        <bdi className="activity-text">
          {entry.send ? <SendSummary summary={entry.summary} /> : <RevealedText text={entry.summary} />}
        </bdi>
      </p>
      <p className="activity-meta">
        <time dateTime={at.toISOString()}>{timeFormat.format(at)}</time>
        <span>
          {chainTypeNames[entry.chain_type]} <code className="address">{shortenAddress(entry.address)}</code>
        </span>
        {declined && <span>Nothing was signed</span>}
      </p>
      {entry.send && <ActivitySendStatus send={entry.send} />}
      {!declined && (
        // The fingerprint proves what was signed to whoever holds the thing itself; few need it at a glance.
        <details className="activity-details">
          <summary>Details</summary>
          <dl className="details-list">
            <div>
              <dt>Fingerprint (SHA-256)</dt>
              <dd>
                <code className="digest breakable">{entry.digest}</code>
              </dd>
            </div>
            <div>
              <dt>Method</dt>
              <dd>
                <code>{entry.method}</code>
              </dd>
            </div>
            <div>
              <dt>Wallet</dt>
              <dd>
                <FullAddress address={entry.address} />
              </dd>
            </div>
            {entry.send && (
              <div>
                <dt>Transaction</dt>
                <dd>
                  <code className="digest breakable">{entry.send.hash}</code>
                </dd>
              </div>
            )}
            {entry.send?.block_number && (
              <div>
                <dt>Block</dt>
                <dd>{entry.send.block_number}</dd>
              </div>
            )}
          </dl>
        </details>
      )}
    </li>
  )
}
