import { useId } from 'react'
import { BalanceText } from './BalanceText.tsx'
import type { ChainBalanceState } from './ChainBalance.ts'
import { ChainIcon } from './ChainIcon.tsx'

/**
 * One chain's line: icon, name ("local devnet" when it is one), the native and the USDC balance. A chain that
 * failed says so with a Retry of its own; the others go on showing theirs.
 */
export function ChainBalanceRow({ state }: { state: ChainBalanceState }) {
  const nameId = useId()
  const { chain, balance, status } = state
  const loading = status === 'loading'
  return (
    <li className="chain-row" aria-labelledby={nameId} aria-busy={loading || state.refreshing}>
      <ChainIcon chain={chain} />
      <span className="chain-title">
        <span id={nameId} className="chain-name">
          {chain.name}
        </span>
        {chain.local && <span className="chain-tag">local devnet</span>}
      </span>
      <span className="chain-amounts">
        <BalanceText
          amount={balance?.native}
          decimals={balance?.nativeDecimals ?? chain.nativeCurrency.decimals}
          symbol={chain.nativeCurrency.symbol}
          loading={loading}
        />
        {chain.usdc && (
          <BalanceText
            amount={balance?.usdc?.amount}
            decimals={balance?.usdc?.decimals ?? chain.usdc.decimals}
            symbol="USDC"
            loading={loading}
          />
        )}
      </span>
      {status === 'failed' && (
        <span className="chain-error">
          <span>{balance ? 'Couldn’t refresh' : 'Couldn’t load'}</span>
          <button
            type="button"
            className="button button-secondary button-small"
            aria-label={`Retry ${chain.name}`}
            disabled={state.refreshing}
            onClick={state.retry}
          >
            {state.refreshing ? 'Retrying…' : 'Retry'}
          </button>
        </span>
      )}
    </li>
  )
}
