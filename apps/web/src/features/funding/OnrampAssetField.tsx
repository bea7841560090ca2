import { RadioGroup } from '../../ui/index.ts'
import type { OnrampOffer } from './OnrampChoice.ts'

type Props = { offers: readonly OnrampOffer[]; selected: string; onSelect: (key: string) => void }

/** What to top up on the chosen network: USDC or its own coin, as the on-ramp sells them there. */
export function OnrampAssetField({ offers, selected, onSelect }: Props) {
  return (
    <RadioGroup
      legend="Asset"
      name="onramp-asset"
      options={offers.map((offer) => ({ value: offer.key, label: offer.symbol }))}
      selected={selected}
      onSelect={onSelect}
    />
  )
}
