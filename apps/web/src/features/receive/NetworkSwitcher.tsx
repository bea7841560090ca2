import type { ReceiveNetwork } from './ReceiveNetwork.ts'

type Props = {
  networks: readonly ReceiveNetwork[]
  selected: string
  onSelect: (key: string) => void
}

/** Which network to receive on: radio buttons (arrow keys move between them), one chosen at a time. */
export function NetworkSwitcher({ networks, selected, onSelect }: Props) {
  return (
    <fieldset className="network-switcher">
      <legend>Network</legend>
      {networks.map((network) => (
        <label key={network.key} className="network-option">
          <input
            type="radio"
            name="receive-network"
            value={network.key}
            checked={network.key === selected}
            onChange={() => onSelect(network.key)}
          />
          {network.label}
        </label>
      ))}
    </fieldset>
  )
}
