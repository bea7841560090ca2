import { readableAmount } from '@charter/core'
import type { OfferedChain } from '../balances/index.ts'

type Props = {
  chain: OfferedChain
  fee: { maxFee: bigint; rent: bigint } | undefined
  loading: boolean
  error: unknown
}

/** The fee estimate in words: the most the network fee can be, and the rent of an account the send creates. */
export function FeeLine({ chain, fee, loading, error }: Props) {
  const { symbol, decimals } = chain.nativeCurrency
  const native = (amount: bigint) => `${readableAmount(amount, decimals)} ${symbol}`
  return (
    <p className="fee-line" aria-live="polite">
      {fee ? (
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
