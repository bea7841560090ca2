import { CopyButton } from './CopyButton.tsx'

type Props = {
  /** Checksummed: its mixed case is part of what a person can check. */
  address: string
  /** For a copy button's name, e.g. 'recipient address'; no button without it. */
  copy?: string
}

/**
 * An address whole, in groups of four (`0x 71C7 656E …`, `8x6N aJq3 …`), never shortened: a look-alike can match the first and
 * last few characters for the price of a few seconds of computing, not all forty. The groups are spacing
 * only, so the text (selected, copied, read out) is the address as it is.
 */
export function FullAddress({ address, copy }: Props) {
  // An EVM address's 0x stands apart; a base58 address (Solana) is grouped from its first character.
  const hex = address.startsWith('0x')
  const groups = [...(hex ? ['0x'] : []), ...((hex ? address.slice(2) : address).match(/.{1,4}/g) ?? [])]
  return (
    <span className="full-address">
      <code className="address address-groups">
        {groups.map((group, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the groups of one address never move.
          <span key={index}>{group}</span>
        ))}
      </code>
      {copy !== undefined && <CopyButton text={address} what={copy} />}
    </span>
  )
}
