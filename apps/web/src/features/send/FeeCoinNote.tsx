import { Link } from 'wouter'
import { LocalTime, StatusMessage } from '../../ui/index.ts'
import { type OfferedChain, useTestFunds } from '../balances/index.ts'

/**
 * Said instead of "Correct the amount" when a token send's fee cannot be paid (`feeCoinNeeded`): the chain's own
 * coin is what is missing, where to get some, and on a local test network Get test funds, which credits the
 * wallet with 1 of it from the dev faucet. When Charter pays this member's fees but not for now (`againAt`), when
 * it will again.
 */
export function FeeCoinNote({
  chain,
  address,
  againAt,
}: {
  chain: OfferedChain
  address: string
  againAt?: number | undefined
}) {
  const funds = useTestFunds()
  const { symbol } = chain.nativeCurrency
  return (
    <div className="warning fee-coin-note stack-small" role="note" aria-label="Network fee">
      <p>
        <strong>
          You need a little {symbol} on {chain.name} for the network fee.
        </strong>{' '}
        A USDC send is paid for in the network’s own coin.
      </p>
      {againAt !== undefined && (
        <p>
          Charter pays your network fees again from <LocalTime at={againAt} />.
        </p>
      )}
      <div className="actions">
        <Link href="~/wallet/add-funds" className="button button-secondary">
          Add funds
        </Link>
        {chain.local && (
          <button
            type="button"
            className="button button-secondary"
            disabled={funds.isPending}
            onClick={() => funds.mutate([{ chain, address, asset: 'native', amount: '1' }])}
          >
            {funds.isError ? 'Try again' : 'Get test funds'}
          </button>
        )}
      </div>
      {funds.isPending && <StatusMessage>Getting test {symbol}…</StatusMessage>}
      {funds.isError && (
        <p className="field-error" role="alert">
          Test funds could not be added: {funds.error.message}
        </p>
      )}
    </div>
  )
}
