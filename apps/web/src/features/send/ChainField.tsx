import { Field } from '../../ui/index.ts'
import { chainLabel, type OfferedChain } from '../balances/index.ts'

type Props = { id: string; chains: readonly OfferedChain[]; selected: string; onSelect: (id: string) => void }

/** Which network to send on: the server's chains the member has a wallet for. */
export function ChainField({ id, chains, selected, onSelect }: Props) {
  return (
    <Field label="Network" id={id}>
      {(control) => (
        <select
          {...control}
          className="input"
          value={selected}
          onChange={(event) => onSelect(event.target.value)}
        >
          {chains.map((chain) => (
            <option key={String(chain.id)} value={String(chain.id)}>
              {chainLabel(chain)}
            </option>
          ))}
        </select>
      )}
    </Field>
  )
}
