import { Link } from 'wouter'
import type { OnrampOrder, OnrampPurchaseState } from './OnrampPurchase.ts'

const what = (order: OnrampOrder) => (order.experience === 'buy' ? 'purchase' : 'transfer')
const What = (order: OnrampOrder) => (order.experience === 'buy' ? 'Purchase' : 'Transfer')
const funds = (order: OnrampOrder) =>
  order.amount === undefined ? `Your ${order.offer.symbol}` : `${order.amount} ${order.offer.symbol}`

/** The result in a few words: "Added 25 USDC", or "USDC added" when the amount was chosen on Coinbase's page. */
const added = (order: OnrampOrder) =>
  order.amount === undefined ? `${order.offer.symbol} added` : `Added ${order.amount} ${order.offer.symbol}`

type Props = { state: OnrampPurchaseState; onStop: () => void }

/**
 * Where the purchase is, in words, in a live region: waiting on the provider's window, done ("Added 25 USDC", the
 * balance read again, Done or add more), cancelled, or the window closed early; each end says how to try again.
 */
export function PurchaseStatus({ state, onStop }: Props) {
  // The status region stays in place (a live region announces changes to what it holds); each alert is a new
  // element, which is what makes a screen reader announce it.
  if (state.status === 'idle') return <div key="status" role="status" className="onramp-status" />
  if (state.status === 'error') {
    return (
      <div key="error" className="wallet-error onramp-status" role="alert">
        <p className="wallet-error-title">
          {state.stage === 'start'
            ? `The ${what(state.order)} could not start`
            : `Charter could not follow the ${what(state.order)}`}
        </p>
        <p>{state.message}</p>
        {state.stage === 'follow' && <p>If you completed it, your balance shows it within a few minutes.</p>}
      </div>
    )
  }
  if (state.status === 'failure' || state.status === 'closed') {
    const { order } = state
    return (
      <div key={state.status} className="wallet-error onramp-status" role="alert">
        <p className="wallet-error-title">
          {state.status === 'failure'
            ? `The ${what(order)} was cancelled or did not go through.`
            : `The Coinbase window was closed before the ${what(order)} finished.`}
        </p>
        <p>
          {state.status === 'failure'
            ? 'Nothing was charged. '
            : 'If you did not complete it there, nothing was charged. '}
          To try again, choose Continue.
        </p>
      </div>
    )
  }
  return (
    <div key="status" role="status" className="onramp-status">
      {state.status === 'starting' && <p>Opening Coinbase’s page…</p>}
      {state.status === 'waiting' && (
        <div className="stack-small">
          {state.blocked ? (
            <p>
              Your browser did not let Charter open a new window.{' '}
              <a href={state.url} target="_blank" rel="noopener noreferrer">
                Open Coinbase’s page
              </a>{' '}
              and finish there; this page updates when you are done.
            </p>
          ) : (
            <p>Finish the {what(state.order)} in the Coinbase window. This page updates when you are done.</p>
          )}
          <div>
            <button type="button" className="button button-secondary button-small" onClick={onStop}>
              Stop waiting
            </button>
          </div>
        </div>
      )}
      {state.status === 'success' && (
        <div className="onramp-done stack-small">
          <p className="onramp-done-title">{added(state.order)}</p>
          <p className="onramp-success">
            {What(state.order)} complete. {funds(state.order)} is now in your wallet on{' '}
            {state.order.offer.chain.name}.
          </p>
          <p className="actions">
            <Link href="~/" className="button">
              Done
            </Link>
            <span className="muted">or add more below.</span>
          </p>
        </div>
      )}
      {state.status === 'stopped' && (
        <p>
          Charter stopped checking on this {what(state.order)}. If you completed it, your balance shows it
          within a few minutes; otherwise, to try again, choose Continue.
        </p>
      )}
    </div>
  )
}
