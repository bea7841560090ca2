import { formatBalance } from '@charter/core'
import { useQuery } from '@tanstack/react-query'
import { balanceQueryOptions } from '../balances/index.ts'
import type { OnrampOffer } from './OnrampChoice.ts'

/** What the wallet holds now of the chosen asset, read as the home reads it: it grows when a purchase lands. */
export function HeldBalance({ offer }: { offer: OnrampOffer }) {
  const balance = useQuery(balanceQueryOptions(offer.chain, offer.address))
  const held =
    offer.asset === 'USDC'
      ? balance.data?.usdc && formatBalance(balance.data.usdc)
      : balance.data && formatBalance({ amount: balance.data.native, decimals: balance.data.nativeDecimals })
  return (
    <p className="field-hint">
      {held === undefined
        ? balance.isError
          ? `Your ${offer.symbol} balance on ${offer.chain.name} could not be read.`
          : `Reading your ${offer.symbol} balance on ${offer.chain.name}…`
        : `You have ${held} ${offer.symbol} on ${offer.chain.name}.`}
    </p>
  )
}
