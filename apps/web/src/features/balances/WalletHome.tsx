import type { CharterUser } from '@charter/core'
import { useQuery } from '@tanstack/react-query'
import { useCallback, useId } from 'react'
import { Link } from 'wouter'
import { StatusMessage } from '../../ui/StatusMessage.tsx'
import { useHealth } from '../health/index.ts'
import { ChainBalanceRow } from './ChainBalanceRow.tsx'
import type { OfferedChain } from './chainsApi.ts'
import { chainsQueryOptions } from './chainsQueryOptions.ts'
import { isShownChain } from './isShownChain.ts'
import { TestFunds } from './TestFunds.tsx'
import { testFundSteps } from './testFundSteps.ts'
import { UsdcTotal } from './UsdcTotal.tsx'
import { useChainBalances } from './useChainBalances.ts'
import { useShowTestNetworks } from './useShowTestNetworks.ts'
import { walletAddressFor } from './walletAddressFor.ts'

/**
 * The member's money at a glance: the USDC total, Send, Receive and Add funds, then each chain's native and USDC
 * balance. Test and local chains show on a local server, elsewhere when "Show test networks" is on; locally, a
 * chain without its own coin is offered test funds.
 */
export function WalletHome({ user }: { user: CharterUser }) {
  const headingId = useId()
  const chains = useQuery(chainsQueryOptions())
  const health = useHealth()
  const [showTestNetworks, setShowTestNetworks] = useShowTestNetworks()
  const all = chains.data ?? []
  // Local chains never run in production, so one of them is as good a sign of a local server as health is.
  const local = health.data?.mode === 'embedded' || all.some((chain) => chain.local)
  const hasTestChains = all.some((chain) => chain.testnet || chain.local)
  const addressFor = useCallback((type: OfferedChain['type']) => walletAddressFor(user, type), [user])
  // A chain whose wallet is not there yet has nothing to read (the wallets card says to reload).
  const shown = all.filter(
    (chain) => isShownChain(chain, local || showTestNetworks) && addressFor(chain.type) !== undefined,
  )
  const states = useChainBalances(shown, addressFor)
  const settled = states.length > 0 && states.every((state) => state.status !== 'loading')
  const known = states.flatMap((state) => (state.balance ? [state.balance] : []))
  const empty =
    settled && known.length > 0 && known.every((one) => one.native === 0n && (one.usdc?.amount ?? 0n) === 0n)
  // Locally, any chain without its own coin (nothing to pay a fee with) is offered test funds, not only an empty
  // wallet: USDC alone cannot be sent.
  const testSteps = local && settled ? testFundSteps(states, addressFor) : []

  return (
    <section className="card stack" aria-labelledby={headingId}>
      <h2 id={headingId}>Balances</h2>
      <UsdcTotal states={states} chainsLoading={chains.isPending} />
      <nav aria-label="Move money">
        <ul className="home-actions">
          <li>
            <Link href="/wallet/send" className="button">
              Send
            </Link>
          </li>
          <li>
            <Link href="/wallet/receive" className="button">
              Receive
            </Link>
          </li>
          <li>
            <Link href="/wallet/add-funds" className="button">
              Add funds
            </Link>
          </li>
        </ul>
      </nav>
      {chains.isPending && (
        <>
          <StatusMessage>Loading your networks…</StatusMessage>
          {/* Rows of the usual height while the list comes, so the page does not jump when it does. */}
          <ul className="chain-list" aria-hidden="true">
            {[0, 1, 2].map((index) => (
              <li key={index} className="chain-row">
                <span className="chain-icon skeleton" />
                <span className="chain-name skeleton" />
                <span className="balance-number skeleton" />
              </li>
            ))}
          </ul>
        </>
      )}
      {chains.isError && (
        <div className="wallet-error" role="alert">
          <p className="wallet-error-title">Your networks could not be loaded</p>
          <p>{chains.error.message}</p>
          <button type="button" className="button button-secondary" onClick={() => void chains.refetch()}>
            Try again
          </button>
        </div>
      )}
      {states.length > 0 && (
        <ul className="chain-list" aria-label="Networks">
          {states.map((state) => (
            <ChainBalanceRow key={String(state.chain.id)} state={state} />
          ))}
        </ul>
      )}
      {chains.isSuccess && shown.length === 0 && (
        <p className="muted">
          No networks to show.
          {!local && hasTestChains && !showTestNetworks && ' Turn on test networks to see them.'}
        </p>
      )}
      {local && testSteps.length > 0 && <TestFunds steps={testSteps} empty={empty} />}
      {empty && !local && (
        <p className="empty-wallet">
          Your wallet is empty. <Link href="/wallet/add-funds">Add funds</Link> to get started, or{' '}
          <Link href="/wallet/receive">receive</Link> from another wallet.
        </p>
      )}
      {!local && hasTestChains && (
        <label className="choice">
          <input
            type="checkbox"
            checked={showTestNetworks}
            onChange={(event) => setShowTestNetworks(event.target.checked)}
          />
          Show test networks
        </label>
      )}
    </section>
  )
}
