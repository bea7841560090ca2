import { FullAddress } from '../../../ui/index.ts'
import { formatAmount } from '../describe/formatAmount.ts'
import type { TransactionRequest } from '../describe/SignatureRequest.ts'
import { ContractCallText } from './ContractCallText.tsx'
import { useContractCode } from './useContractCode.ts'

/**
 * A transaction as it is signed: network, recipient in full (the token contract it is when Charter knows it,
 * else "a contract" when its chain says it has code), amount, the most the fee can be, the total, what the contract data asks for, and the data itself.
 */
export function TransactionDetails({ request }: { request: TransactionRequest }) {
  const { to, fee, call, data } = request
  // A known token is named as one without asking; any other recipient is looked up on its chain.
  const isContract = useContractCode(request.chainId, to?.address, to !== undefined && !to.token)
  return (
    <div className="stack-small">
      <dl className="details-list">
        <div>
          <dt>Network</dt>
          <dd>
            {request.chainName} (chain {request.chainId})
          </dd>
        </div>
        <div>
          <dt>To</dt>
          <dd>
            {to ? (
              <>
                <FullAddress address={to.address} copy="recipient address" />
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
        <div>
          <dt>Amount</dt>
          <dd>{request.amount}</dd>
        </div>
        <div>
          <dt>Maximum fee</dt>
          <dd>
            {fee ? (
              <>
                {fee.max}{' '}
                <span className="muted">
                  ({fee.gasLimit} gas × {fee.perGas})
                </span>
              </>
            ) : (
              'None set: the network would refuse this transaction as signed'
            )}
          </dd>
        </div>
        <div>
          <dt>Total at most</dt>
          <dd>
            <strong>{request.total}</strong>
          </dd>
        </div>
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
      </dl>
      {data !== undefined && (
        <details>
          <summary>Contract data as signed ({formatAmount(BigInt((data.length - 2) / 2), 0)} bytes)</summary>
          <pre className="signed-message signed-bytes">{data}</pre>
        </details>
      )}
    </div>
  )
}
