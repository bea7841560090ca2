import type { OnrampExperience } from '@charter/core'
import { useId } from 'react'

const ways: { experience: OnrampExperience; label: string; hint: string }[] = [
  { experience: 'buy', label: 'Buy with a card', hint: 'Pay by card on Coinbase’s page.' },
  {
    experience: 'send',
    label: 'Transfer from Coinbase',
    hint: 'Move crypto you already hold in your Coinbase account.',
  },
]

type Props = { selected: OnrampExperience; onSelect: (experience: OnrampExperience) => void }

/** How the funds come: bought with a card, or moved from the member's Coinbase account. */
export function ExperienceField({ selected, onSelect }: Props) {
  const id = useId()
  return (
    <fieldset className="choice-fieldset">
      <legend className="field-label">How</legend>
      {ways.map((way) => (
        <label key={way.experience} className="choice">
          {/* Named by the label alone, with the hint as its description, so the choice reads short. */}
          <input
            type="radio"
            name="onramp-experience"
            value={way.experience}
            checked={way.experience === selected}
            aria-labelledby={`${id}-${way.experience}`}
            aria-describedby={`${id}-${way.experience}-hint`}
            onChange={() => onSelect(way.experience)}
          />
          <span>
            <span id={`${id}-${way.experience}`}>{way.label}</span>
            <span id={`${id}-${way.experience}-hint`} className="field-hint">
              {way.hint}
            </span>
          </span>
        </label>
      ))}
    </fieldset>
  )
}
