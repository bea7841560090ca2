import { RadioGroup } from '../../ui/index.ts'
import { chainLabel } from '../balances/index.ts'
import type { OnrampChainChoice } from './OnrampChoice.ts'

type Props = { choices: readonly OnrampChainChoice[]; selected: string; onSelect: (chainId: string) => void }

/** Which of the member's networks to top up: those with something the on-ramp sells there. */
export function NetworkField({ choices, selected, onSelect }: Props) {
  return (
    <RadioGroup
      legend="Network"
      name="onramp-network"
      options={choices.map(({ chain }) => ({ value: String(chain.id), label: chainLabel(chain) }))}
      selected={selected}
      onSelect={onSelect}
    />
  )
}
