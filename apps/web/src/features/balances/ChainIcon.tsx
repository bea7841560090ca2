import type { OfferedChain } from './chainsApi.ts'

// A colour per family, so Solana and the EVM chains tell apart at a glance; the letter tells the chain.
const colours = { ethereum: 'chain-icon-evm', solana: 'chain-icon-solana' } as const

/** A chain's small badge: its initial on a coloured disc, drawn inline (no image to fetch). Decorative. */
export function ChainIcon({ chain }: { chain: Pick<OfferedChain, 'name' | 'type'> }) {
  return (
    <svg
      className={`chain-icon ${colours[chain.type]}`}
      viewBox="0 0 32 32"
      aria-hidden="true"
      focusable="false"
    >
      <circle cx="16" cy="16" r="16" />
      <text x="16" y="21.5" textAnchor="middle">
        {chain.name.charAt(0).toUpperCase()}
      </text>
    </svg>
  )
}
