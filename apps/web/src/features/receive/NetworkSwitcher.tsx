import { RadioGroup } from '../../ui/index.ts'
import type { ReceiveNetwork } from './ReceiveNetwork.ts'

type Props = {
  networks: readonly ReceiveNetwork[]
  selected: string
  onSelect: (key: string) => void
}

/** Which network to receive on: radio buttons (arrow keys move between them), one chosen at a time. */
export function NetworkSwitcher({ networks, selected, onSelect }: Props) {
  return (
    <RadioGroup
      legend="Network"
      name="receive-network"
      options={networks.map((network) => ({ value: network.key, label: network.label }))}
      selected={selected}
      onSelect={onSelect}
    />
  )
}
