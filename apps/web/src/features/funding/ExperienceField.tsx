import type { OnrampExperience } from '@charter/core'
import { RadioGroup, type RadioOption } from '../../ui/index.ts'

// Each named by its label alone, with the hint as its description, so the choice reads short.
const ways: RadioOption<OnrampExperience>[] = [
  { value: 'buy', label: 'Buy with a card', hint: 'Pay by card on Coinbase’s page.' },
  {
    value: 'send',
    label: 'Transfer from Coinbase',
    hint: 'Move crypto you already hold in your Coinbase account.',
  },
]

type Props = { selected: OnrampExperience; onSelect: (experience: OnrampExperience) => void }

/** How the funds come: bought with a card, or moved from the member's Coinbase account. */
export function ExperienceField({ selected, onSelect }: Props) {
  return (
    <RadioGroup
      legend="How"
      name="onramp-experience"
      look="list"
      options={ways}
      selected={selected}
      onSelect={onSelect}
    />
  )
}
