import { ExplorerLink } from '../../ui/ExplorerLink.tsx'
import { FullAddress } from '../../ui/FullAddress.tsx'
import type { ReceivedMoney } from './ReceivedMoney.ts'
import { receivedAmount } from './receivedAmount.ts'
import { SenderText } from './SenderText.tsx'
import { useChainName } from './useChainName.ts'
import type { WalletActivity } from './WalletActivity.ts'

const timeFormat = new Intl.DateTimeFormat(undefined, { timeStyle: 'short' })

/** The explorer's name for a link that names none: its host ('sepolia.basescan.org'). */
const hostOf = (url: string | null) => {
  try {
    return url ? new URL(url).hostname : null
  } catch {
    return null
  }
}

/**
 * A line of money that arrived: "Received 2.5 USDC", from whom ("Ana Lopez · Acme Co-op", else the short
 * address), when, on which network and where to look it up; the exact amount and the whole addresses behind
 * Details.
 */
export function ReceivedEntry({ entry, received }: { entry: WalletActivity; received: ReceivedMoney }) {
  const at = new Date(entry.created_at * 1000)
  const network = useChainName(received.chain_id)
  const amount = receivedAmount(received)
  return (
    <li className="activity-entry activity-receive">
      <p className="activity-summary">
        <span className="activity-text">
          Received{' '}
          <strong className="activity-amount" title={amount && `${amount.exact} ${received.symbol}`}>
            {amount?.readable ?? '?'} {received.symbol}
          </strong>
        </span>
      </p>
      <p className="activity-from">
        from <SenderText received={received} />
      </p>
      <p className="activity-meta">
        <time dateTime={at.toISOString()}>{timeFormat.format(at)}</time>
        <span>{network}</span>
        <ExplorerLink url={received.explorer_url} name={hostOf(received.explorer_url)} />
      </p>
      <details className="activity-details">
        <summary>Details</summary>
        <dl className="details-list">
          <div>
            <dt>Amount</dt>
            <dd>
              {amount?.exact ?? received.amount} {received.symbol}
            </dd>
          </div>
          <div>
            <dt>From</dt>
            <dd>
              <FullAddress address={received.from_address} />
            </dd>
          </div>
          <div>
            <dt>To your wallet</dt>
            <dd>
              <FullAddress address={entry.address} />
            </dd>
          </div>
          <div>
            <dt>Transaction</dt>
            <dd>
              <code className="digest breakable">{received.tx_hash}</code>
            </dd>
          </div>
        </dl>
      </details>
    </li>
  )
}
