import { readableAmount } from '@charter/core'
import type { OfferedChain } from '../balances/index.ts'

type Props = {
  chain: OfferedChain
  fee: { maxFee: bigint; rent: bigint } | undefined
  loading: boolean
  error: unknown
  /** Who pays the fee (and a new token account's rent) when the wallet does not: "Charter". */
  paidBy?: string | undefined
  /** The send creates the recipient's token account (Solana USDC), whose rent the payer pays too. */
  createsTokenAccount?: boolean
}

/**
 * The fee estimate in words: the most the network fee can be, and the rent of an account the send creates; or,
 * when someone else pays them, who does.
 */
export function FeeLine({ chain, fee, loading, error, paidBy, createsTokenAccount = false }: Props) {
  const { symbol, decimals } = chain.nativeCurrency
  const native = (amount: bigint) => `${readableAmount(amount, decimals)} ${symbol}`
  return (
    <p className="fee-line" aria-live="polite">
      {paidBy ? (
        <>
          Network fee: <strong>paid by {paidBy}</strong>
          {createsTokenAccount &&
            ', with the rent of the recipient’s new USDC account, which this send creates'}
          .
        </>
      ) : fee ? (
        <>
          Network fee: at most <strong>{native(fee.maxFee)}</strong>
          {fee.rent > 0n && (
            <>
              , and <strong>{native(fee.rent)}</strong> of rent for the recipient’s new USDC account, which
              this send creates
            </>
          )}
          .
        </>
      ) : loading ? (
        'Estimating the network fee…'
      ) : error ? (
        `The network fee could not be estimated: ${error instanceof Error ? error.message : String(error)}`
      ) : null}
    </p>
  )
}
