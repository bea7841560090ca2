import { RevealedText } from '../../ui/RevealedText.tsx'
import { receivedAmount } from './receivedAmount.ts'
import { SenderText } from './SenderText.tsx'
import { SendStatusBadge } from './SendStatusBadge.tsx'
import { SendSummary } from './SendSummary.tsx'
import type { WalletActivity } from './WalletActivity.ts'

const whenFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' })

/** One line of the home's recent activity: what happened and when; everything else is on the Activity page. */
export function RecentLine({ line }: { line: WalletActivity }) {
  const at = new Date(line.created_at * 1000)
  const received = line.kind === 'receive' ? line.received : null
  const amount = received ? receivedAmount(received) : undefined
  return (
    <li className="recent-line">
      <p className="recent-what">
        {received ? (
          <>
            Received{' '}
            <strong className="activity-amount" title={amount && `${amount.exact} ${received.symbol}`}>
              {amount?.readable ?? '?'} {received.symbol}
            </strong>{' '}
            <span className="recent-from">
              from <SenderText received={received} />
            </span>
          </>
        ) : (
          <bdi>
            {line.send ? <SendSummary summary={line.summary} /> : <RevealedText text={line.summary} />}
          </bdi>
        )}
      </p>
      <p className="recent-meta">
        <time dateTime={at.toISOString()}>{whenFormat.format(at)}</time>
        {line.kind === 'decline' && <span>Declined</span>}
        {line.send && <SendStatusBadge send={line.send} />}
      </p>
    </li>
  )
}
