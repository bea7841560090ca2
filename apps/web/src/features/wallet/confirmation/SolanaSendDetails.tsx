import { FullAddress } from '../../../ui/index.ts'
import type { SolanaSendRequest } from '../describe/SignatureRequest.ts'

/**
 * A Solana send as it is signed, what moves first: the amount and the recipient in full, the network, the token
 * account credited and the rent of one the send creates, the fee, the total in each currency, then every
 * instruction in words.
 */
export function SolanaSendDetails({ request }: { request: SolanaSendRequest }) {
  return (
    <div className="stack-small">
      <dl className="details-list">
        <div>
          <dt>Amount</dt>
          <dd>
            <strong>{request.amount}</strong>
          </dd>
        </div>
        <div>
          <dt>To</dt>
          <dd>
            <FullAddress address={request.to} copy="recipient address" />
          </dd>
        </div>
        <div>
          <dt>Network</dt>
          <dd>{request.chainName}</dd>
        </div>
        {request.toTokenAccount !== undefined && request.toTokenAccount !== request.to && (
          <div>
            <dt>Their token account</dt>
            <dd>
              <FullAddress address={request.toTokenAccount} />
            </dd>
          </div>
        )}
        {request.rent !== undefined && (
          <div>
            <dt>New token account</dt>
            <dd>
              The recipient has no account for this token yet: this send creates it, and your wallet pays its
              rent of {request.rent}.
            </dd>
          </div>
        )}
        <div>
          <dt>Network fee</dt>
          <dd>{request.fee}</dd>
        </div>
        <div>
          <dt>Total at most</dt>
          <dd>
            {request.totals.map((total, index) => (
              <strong key={total} className="total-line">
                {index > 0 && 'and '}
                {total}
              </strong>
            ))}
          </dd>
        </div>
      </dl>
      <details>
        <summary>Instructions as signed ({request.instructions.length})</summary>
        <ol className="breakable">
          {request.instructions.map((instruction, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a transaction's instructions never move.
            <li key={index}>{instruction}</li>
          ))}
        </ol>
      </details>
    </div>
  )
}
