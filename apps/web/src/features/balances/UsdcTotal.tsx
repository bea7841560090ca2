import { useId } from 'react'
import { BalanceText } from './BalanceText.tsx'
import type { ChainBalanceState } from './ChainBalance.ts'
import { sumUsdc } from './sumUsdc.ts'

/**
 * The stablecoin total over the chains shown. While any is still loading it is a placeholder (a partial sum
 * would climb as chains answer); a chain that failed is left out and named, so the total never claims it.
 */
export function UsdcTotal({
  states,
  chainsLoading,
}: {
  states: readonly ChainBalanceState[]
  /** The list of chains itself is still coming: the total is a placeholder, not unknown. */
  chainsLoading: boolean
}) {
  const headingId = useId()
  const withUsdc = states.filter((state) => state.chain.usdc !== null)
  const loading = chainsLoading || withUsdc.some((state) => state.status === 'loading')
  const known = withUsdc.flatMap((state) => (state.balance?.usdc ? [state.balance.usdc] : []))
  const missing = withUsdc.filter((state) => !state.balance)
  const total = loading || known.length === 0 ? undefined : sumUsdc(known)
  return (
    <section className="usdc-total" aria-labelledby={headingId}>
      <p id={headingId} className="usdc-total-label">
        USDC total
      </p>
      <p className="usdc-total-amount">
        <BalanceText amount={total?.amount} decimals={total?.decimals ?? 6} symbol="USDC" loading={loading} />
      </p>
      {!loading && missing.length > 0 && (
        <p className="field-hint">
          Not counting {missing.map((state) => state.chain.name).join(', ')}: couldn’t load.
        </p>
      )}
    </section>
  )
}
