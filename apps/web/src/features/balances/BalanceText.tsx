import { readableAmount } from '@charter/core'

type Props = {
  /** Base units; undefined while unknown, which is never shown as 0. */
  amount: bigint | undefined
  decimals: number
  symbol: string
  /** Unknown because it is being read (a placeholder), rather than because reading failed (a dash). */
  loading: boolean
}

/**
 * An amount as core shows every amount a person reads (6 significant digits, cut not rounded, trailing zeros
 * trimmed) and its symbol, in a box of fixed width whether known, loading or unknown, so nothing moves when the answer comes.
 */
export function BalanceText({ amount, decimals, symbol, loading }: Props) {
  return (
    <span className="balance">
      {amount !== undefined ? (
        <span className="balance-number">{readableAmount(amount, decimals)}</span>
      ) : loading ? (
        <span className="balance-number skeleton" role="img" aria-label="Loading" />
      ) : (
        <span className="balance-number" role="img" aria-label="Unknown">
          —
        </span>
      )}{' '}
      <span className="balance-symbol">{symbol}</span>
    </span>
  )
}
