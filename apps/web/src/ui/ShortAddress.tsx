import { shortenAddress } from '@charter/core'
import { CopyButton } from './CopyButton.tsx'

type Props = {
  address: string
  /** For the copy button's name, e.g. 'Ethereum address'. */
  what: string
}

/** `0x123…cdef` and a button that copies the whole address. */
export function ShortAddress({ address, what }: Props) {
  return (
    <span className="short-address">
      <code className="address" title={address}>
        {shortenAddress(address)}
      </code>
      <CopyButton text={address} what={what} />
    </span>
  )
}
