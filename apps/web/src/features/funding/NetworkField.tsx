import { chainLabel } from '../balances/index.ts'
import type { OnrampChainChoice } from './OnrampChoice.ts'

type Props = { choices: readonly OnrampChainChoice[]; selected: string; onSelect: (chainId: string) => void }

/** Which of the member's networks to top up: those with something the on-ramp sells there. */
export function NetworkField({ choices, selected, onSelect }: Props) {
  return (
    <fieldset className="network-switcher">
      <legend>Network</legend>
      {choices.map(({ chain }) => (
        <label key={String(chain.id)} className="network-option">
          <input
            type="radio"
            name="onramp-network"
            value={String(chain.id)}
            checked={String(chain.id) === selected}
            onChange={() => onSelect(String(chain.id))}
          />
          {chainLabel(chain)}
        </label>
      ))}
    </fieldset>
  )
}
