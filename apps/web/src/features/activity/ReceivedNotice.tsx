import type { ReceivedNews } from './ReceivedMoney.ts'
import { receivedAmount } from './receivedAmount.ts'
import { SenderText } from './SenderText.tsx'
import { useReceivedNews } from './useReceivedNews.ts'

function NewsLine({ piece }: { piece: ReceivedNews }) {
  const amount = receivedAmount(piece)
  return (
    <li>
      You received{' '}
      <strong>
        {amount?.readable ?? '?'} {piece.symbol}
      </strong>{' '}
      from <SenderText received={piece} />.
    </li>
  )
}

/**
 * On the home: "You received 2.5 USDC from Ana Lopez", once for each payment, in a polite live region (it
 * waits for whatever a screen reader is saying), until dismissed. The region stays in place, empty, so what
 * comes into it is announced.
 */
export function ReceivedNotice() {
  const { told, dismiss } = useReceivedNews()
  return (
    <div role="status" className={told.length > 0 ? 'received-notice' : undefined}>
      {told.length > 0 && (
        <>
          <ul className="received-news">
            {told.map((piece) => (
              <NewsLine key={piece.id} piece={piece} />
            ))}
          </ul>
          <button type="button" className="button button-secondary button-small" onClick={dismiss}>
            Dismiss
          </button>
        </>
      )}
    </div>
  )
}
