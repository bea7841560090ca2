import type { ReactNode } from 'react'
import { FullAddress } from '../../../ui/index.ts'
import { colleagueName, useColleague } from '../../colleagues/index.ts'
import type { PlainTransfer } from '../describe/PlainTransfer.ts'

type Props = {
  transfer: PlainTransfer
  network: string
  /** When the request sets no fee: what to say instead. */
  noFee: string
  /** More rows that belong in view (the rent of a token account a Solana send creates). */
  children?: ReactNode
  /** What it is made of, under Details. */
  details: ReactNode
  /** Said under the recipient when their chain says it is a contract, not a person's wallet. */
  contract?: string | undefined
}

/**
 * A plain transfer as the dialog shows it: the amount as a person reads it, the recipient in full (named when a
 * colleague's wallet: "Ana Lopez · Acme Co-op"), the network and the fee, all in view; the exact amount, the
 * contract, the data and the gas under Details, closed.
 */
export function TransferSummary({ transfer, network, noFee, children, details, contract }: Props) {
  const colleague = useColleague(transfer.chainType, transfer.to)
  return (
    <div className="stack-small">
      <dl className="details-list transfer-summary">
        <div>
          <dt>Amount</dt>
          <dd>
            <strong className="transfer-amount">{transfer.amount}</strong>
          </dd>
        </div>
        <div>
          <dt>To</dt>
          <dd>
            {colleague && <strong className="recipient-colleague">{colleagueName(colleague)}</strong>}
            <FullAddress address={transfer.to} copy="recipient address" />
            {contract && <span className="address-note">{contract}</span>}
          </dd>
        </div>
        <div>
          <dt>Network</dt>
          <dd>{network}</dd>
        </div>
        <div>
          <dt>Network fee</dt>
          <dd>
            {transfer.feePaidBy ? (
              <strong>Paid by {transfer.feePaidBy}</strong>
            ) : transfer.fee ? (
              `At most ${transfer.fee}`
            ) : (
              noFee
            )}
          </dd>
        </div>
        {children}
      </dl>
      <details className="transfer-more">
        <summary>Details</summary>
        {details}
      </details>
    </div>
  )
}
