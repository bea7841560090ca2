import { FullAddress, TokenAmountText } from '../../../ui/index.ts'
import type { TransactionRequest } from '../describe/SignatureRequest.ts'
import type { TokenCall } from '../describe/TokenCall.ts'

/**
 * What a call to a known token moves, as the first rows of the dialog: the token, the amount, and the real
 * recipient (or spender, or owner and recipient) in full; never the token's contract, which is only the means.
 */
export function TokenCallRows({ call, request }: { call: TokenCall; request: TransactionRequest }) {
  const symbol = call.amount.token.token?.symbol
  return (
    <>
      <div>
        <dt>Token</dt>
        <dd>
          {symbol} on {request.chainName} (chain {request.chainId})
        </dd>
      </div>
      <div>
        <dt>{call.kind === 'approve' ? 'Allowance' : 'Amount'}</dt>
        <dd>
          <TokenAmountText amount={call.amount} />
          {call.kind === 'approve' && (
            <span className="address-note">Nothing moves yet: the spender may take up to this, later.</span>
          )}
        </dd>
      </div>
      {call.kind === 'transferFrom' && (
        <div>
          <dt>From</dt>
          <dd>
            <FullAddress address={call.from} copy="owner address" />
          </dd>
        </div>
      )}
      <div>
        <dt>{call.kind === 'approve' ? 'Spender' : 'Recipient'}</dt>
        <dd>
          <FullAddress
            address={call.kind === 'approve' ? call.spender : call.to}
            copy={call.kind === 'approve' ? 'spender address' : 'recipient address'}
          />
        </dd>
      </div>
    </>
  )
}
