import { shortenAddress } from '@charter/core'
import { CopyButton } from './CopyButton.tsx'

/** A transaction's hash (a Solana signature too), shortened to be read, with a button that copies it whole. */
export function TransactionHash({ hash }: { hash: string }) {
  return (
    <span className="short-address">
      <code className="address" title={hash}>
        {shortenAddress(hash)}
      </code>
      <CopyButton text={hash} what="transaction hash" />
    </span>
  )
}
