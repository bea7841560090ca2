import { FullAddress } from '../../../ui/index.ts'
import type { SolanaSendRequest } from '../describe/SignatureRequest.ts'
import { TransferSummary } from './TransferSummary.tsx'

/**
 * A Solana send as it is signed, what moves first: the amount and the recipient in full, the network, the token
 * account credited and the rent of one the send creates, the fee, the total in each currency, then every
 * instruction in words. A send Charter would sign shows the amount, the recipient, the network, the fee and the
 * rent in view (`TransferSummary`), and the rest under Details.
 */
export function SolanaSendDetails({ request }: { request: SolanaSendRequest }) {
  const tokenAccount = request.toTokenAccount !== undefined && request.toTokenAccount !== request.to && (
    <div>
      <dt>Their token account</dt>
      <dd>
        <FullAddress address={request.toTokenAccount} />
      </dd>
    </div>
  )
  const rent = request.rent !== undefined && (
    <div>
      <dt>New token account</dt>
      <dd>
        The recipient has no account for this token yet: this send creates it, and{' '}
        {request.feePaidBy ?? 'your wallet'} pays its rent of {request.rent}.
      </dd>
    </div>
  )
  const totals = (
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
  )
  const instructions = (
    <details>
      <summary>Instructions as signed ({request.instructions.length})</summary>
      <ol className="breakable">
        {request.instructions.map((instruction, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a transaction's instructions never move.
          <li key={index}>{instruction}</li>
        ))}
      </ol>
    </details>
  )

  if (request.transfer) {
    return (
      <TransferSummary
        transfer={request.transfer}
        network={request.chainName}
        noFee={request.fee}
        details={
          <div className="stack-small">
            <dl className="details-list">
              <div>
                <dt>Exact amount</dt>
                <dd>{request.transfer.exactAmount}</dd>
              </div>
              {tokenAccount}
              {totals}
            </dl>
            {instructions}
          </div>
        }
      >
        {rent}
      </TransferSummary>
    )
  }
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
        {tokenAccount}
        {rent}
        <div>
          <dt>Network fee</dt>
          <dd>{request.feePaidBy ? `Paid by ${request.feePaidBy}` : request.fee}</dd>
        </div>
        {totals}
      </dl>
      {instructions}
    </div>
  )
}
