import { FullAddress } from '../../../ui/index.ts'
import { formatAmount } from '../describe/formatAmount.ts'
import type { TransactionRequest } from '../describe/SignatureRequest.ts'
import { ContractCallText } from './ContractCallText.tsx'
import { TokenCallRows } from './TokenCallRows.tsx'
import { TransferSummary } from './TransferSummary.tsx'
import { useContractCode } from './useContractCode.ts'

/**
 * A transaction as it is signed, what moves first. A plain transfer (`request.transfer`) shows the amount, the
 * recipient, the network and the fee in view (`TransferSummary`), and under Details the rest: the exact amount,
 * the token's contract, the gas, the total, the call and its data. Any other call to a token Charter knows opens
 * with the token, the amount and the real recipient or spender (`TokenCallRows`), then the network, the most the
 * fee can be and the total in each currency, and only then the token's contract and the native value sent with
 * the call. Any other transaction: network, recipient in full (the token contract it is when Charter knows it,
 * else "a contract" when its chain says it has code), amount, fee, total. Then what the contract data asks for,
 * and the data itself (open when Charter cannot read it).
 */
export function TransactionDetails({ request }: { request: TransactionRequest }) {
  const { to, fee, call, data, tokenCall, transfer } = request
  // A known token is named as one without asking; any other recipient is looked up on its chain.
  const isContract = useContractCode(request.chainId, to?.address, to !== undefined && !to.token)
  const networkName = `${request.chainName} (chain ${request.chainId})`

  const network = (
    <div>
      <dt>Network</dt>
      <dd>{networkName}</dd>
    </div>
  )
  const recipient = (
    <div>
      <dt>{tokenCall ? 'Token contract' : 'To'}</dt>
      <dd>
        {to ? (
          <>
            <FullAddress
              address={to.address}
              copy={tokenCall ? 'token contract address' : 'recipient address'}
            />
            {to.token ? (
              <span className="address-note">
                A contract: the {to.token.symbol} token on {request.chainName}
              </span>
            ) : (
              isContract && <span className="address-note">A contract on {request.chainName}</span>
            )}
          </>
        ) : (
          'No recipient: this transaction creates a contract'
        )}
      </dd>
    </div>
  )
  const amount = (
    <div>
      <dt>{tokenCall ? 'Native value' : 'Amount'}</dt>
      <dd>{request.amount}</dd>
    </div>
  )
  const noFee = request.sends
    ? 'Set by Charter’s server from the network’s fees as it sends'
    : 'None set: the network would refuse this transaction as signed'
  const costs = (
    <>
      <div>
        <dt>{request.feePaidBy ? 'Network fee' : 'Maximum fee'}</dt>
        <dd>
          {request.feePaidBy ? (
            `Paid by ${request.feePaidBy}`
          ) : fee ? (
            <>
              {fee.max}{' '}
              <span className="muted">
                ({fee.gasLimit} gas × {fee.perGas})
              </span>
            </>
          ) : (
            noFee
          )}
        </dd>
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
    </>
  )
  const rest = (
    <>
      <div>
        <dt>Contract call</dt>
        <dd>{call ? <ContractCallText call={call} /> : 'None: a plain transfer'}</dd>
      </div>
      {request.nonce !== undefined && (
        <div>
          <dt>Nonce</dt>
          <dd>{request.nonce}</dd>
        </div>
      )}
    </>
  )
  const rawData = data !== undefined && (
    // Data Charter cannot read is all there is to judge the call by: it is shown open.
    <details open={call?.kind === 'other' || undefined}>
      <summary>Contract data as signed ({formatAmount(BigInt((data.length - 2) / 2), 0)} bytes)</summary>
      <pre className="signed-message signed-bytes">{data}</pre>
    </details>
  )

  if (transfer) {
    return (
      <TransferSummary
        transfer={transfer}
        network={networkName}
        noFee={noFee}
        contract={!tokenCall && isContract ? `A contract on ${request.chainName}` : undefined}
        details={
          <div className="stack-small">
            <dl className="details-list">
              <div>
                <dt>Exact amount</dt>
                <dd>{transfer.exactAmount}</dd>
              </div>
              {tokenCall && (
                <>
                  {recipient}
                  {amount}
                </>
              )}
              {costs}
              {rest}
            </dl>
            {rawData}
          </div>
        }
      />
    )
  }
  return (
    <div className="stack-small">
      <dl className="details-list">
        {tokenCall ? (
          <>
            <TokenCallRows call={tokenCall} request={request} />
            {network}
            {costs}
            {recipient}
            {amount}
          </>
        ) : (
          <>
            {network}
            {recipient}
            {amount}
            {costs}
          </>
        )}
        {rest}
      </dl>
      {rawData}
    </div>
  )
}
