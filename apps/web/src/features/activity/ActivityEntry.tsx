import { shortenAddress } from '@charter/core'
import { FullAddress } from '../../ui/index.ts'
import { RevealedText } from '../../ui/RevealedText.tsx'
import { chainTypeNames } from '../wallet/index.ts'
import { ActivitySendStatus } from './ActivitySendStatus.tsx'
import { ReceivedEntry } from './ReceivedEntry.tsx'
import { SendSummary } from './SendSummary.tsx'
import { sentAmount } from './sentAmount.ts'
import type { WalletActivity } from './WalletActivity.ts'

const timeFormat = new Intl.DateTimeFormat(undefined, { timeStyle: 'short' })

/** One line of the Activity page: money received, or what the member's wallet signed, exported or declined. */
export function ActivityEntry({ entry }: { entry: WalletActivity }) {
  if (entry.kind === 'receive' && entry.received)
    return <ReceivedEntry entry={entry} received={entry.received} />
  const at = new Date(entry.created_at * 1000)
  const exact = entry.send ? sentAmount(entry.summary)?.exact : undefined
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
            {exact !== undefined && (
              <div>
                <dt>Exact amount</dt>
                <dd>{exact}</dd>
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
