import { type CharterUser, silentLogger } from '@charter/core'
import { useQuery } from '@tanstack/react-query'
import { useCallback } from 'react'
import { StatusMessage } from '../../ui/StatusMessage.tsx'
import {
  chainsQueryOptions,
  isShownChain,
  type OfferedChain,
  useShowTestNetworks,
  walletAddressFor,
} from '../balances/index.ts'
import { useHealth } from '../health/index.ts'
import { RequireSignIn } from '../session/index.ts'
import { WalletPage } from '../wallet/index.ts'
import { FundingForm } from './FundingForm.tsx'
import { OnrampRefusals } from './OnrampRefusals.tsx'
import { onrampChoices } from './onrampChoices.ts'
import { PurchaseStatus } from './PurchaseStatus.tsx'
import { useOnrampPurchase } from './useOnrampPurchase.ts'

/** `/wallet/add-funds`: buy with a card or transfer from Coinbase, through the Coinbase Onramp in a new window. */
export function AddFundsPage() {
  return (
    <RequireSignIn>
      {(user) => (
        <WalletPage title="Add funds">
          <AddFunds user={user} />
        </WalletPage>
      )}
    </RequireSignIn>
  )
}

function AddFunds({ user }: { user: CharterUser }) {
  const chains = useQuery(chainsQueryOptions())
  const health = useHealth()
  const [showTestNetworks] = useShowTestNetworks()
  const purchase = useOnrampPurchase()
  const addressFor = useCallback((type: OfferedChain['type']) => walletAddressFor(user, type), [user])
  if (chains.isPending) return <StatusMessage>Loading your networks…</StatusMessage>
  if (chains.isError) {
    return (
      <div className="wallet-error" role="alert">
        <p className="wallet-error-title">Your networks could not be loaded</p>
        <p>{chains.error.message}</p>
        <button type="button" className="button button-secondary" onClick={() => void chains.refetch()}>
          Try again
        </button>
      </div>
    )
  }
  // The same networks as the home lists: test and local ones on a local server or when asked for.
  const local = health.data?.mode === 'embedded' || chains.data.some((chain) => chain.local)
  const shown = chains.data.filter((chain) => isShownChain(chain, local || showTestNetworks))
  // Only the two assets the rules know are asked about, so the core has nothing to warn of.
  const choices = onrampChoices(shown, addressFor, silentLogger)
  const offered = choices.filter((choice) => choice.offers.length > 0)
  const refusals = choices.flatMap((choice) => choice.refusals)
  const busy = purchase.state.status === 'starting' || purchase.state.status === 'waiting'
  return (
    <>
      <p>Top up your wallet through Coinbase: buy with a card, or move funds from your Coinbase account.</p>
      {/* Above the form, so a finished purchase's result is what the member sees first. */}
      <PurchaseStatus state={purchase.state} onStop={purchase.stop} />
      {offered.length > 0 ? (
        // A fresh form after each completed purchase: nothing of the one that ended can be bought again.
        <FundingForm key={purchase.completed} choices={offered} busy={busy} onContinue={purchase.start} />
      ) : (
        <p className="muted">None of your networks can be topped up through Coinbase here.</p>
      )}
      <OnrampRefusals refusals={refusals} />
    </>
  )
}
