import type { OnrampOffer } from './OnrampChoice.ts'

type Props = { offers: readonly OnrampOffer[]; selected: string; onSelect: (key: string) => void }

/** What to top up on the chosen network: USDC or its own coin, as the on-ramp sells them there. */
export function OnrampAssetField({ offers, selected, onSelect }: Props) {
  return (
    <fieldset className="network-switcher">
      <legend>Asset</legend>
      {offers.map((offer) => (
        <label key={offer.key} className="network-option">
          <input
            type="radio"
            name="onramp-asset"
            value={offer.key}
            checked={offer.key === selected}
            onChange={() => onSelect(offer.key)}
          />
          {offer.symbol}
        </label>
      ))}
    </fieldset>
  )
}
