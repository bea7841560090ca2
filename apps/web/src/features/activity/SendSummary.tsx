import { shortenAddress } from '@charter/core'
import { RevealedText } from '../../ui/RevealedText.tsx'
import { sentAmount } from './sentAmount.ts'

/** An EVM hash or address, or a Solana signature or public key (base58), standing alone in a line. */
const chainStrings = /\b(0x[0-9a-fA-F]{64}|0x[0-9a-fA-F]{40}|[1-9A-HJ-NP-Za-km-z]{32,88})\b/g

/**
 * A send's line as a person reads it, "Sent 2.5 USDC to 0x123…abcd on Base Sepolia": the amount as every amount
 * is shown (the exact one on hover and behind Details), each address or hash shortened, whole on hover; the rest
 * shown as the server wrote it, nothing hidden.
 */
export function SendSummary({ summary }: { summary: string }) {
  const amount = sentAmount(summary)
  const rest = amount ? summary.slice(amount.end) : summary
  return (
    <>
      {amount && (
        <>
          Sent{' '}
          <span className="activity-amount" title={amount.exact}>
            {amount.readable}
          </span>
        </>
      )}
      <ChainStrings text={rest} />
    </>
  )
}

/** Text whose addresses and hashes are shortened, whole on hover; the rest as written, nothing hidden. */
function ChainStrings({ text: summary }: { text: string }) {
  const pieces: { text: string; chain: boolean }[] = []
  let from = 0
  for (const match of summary.matchAll(chainStrings)) {
    if (match.index > from) pieces.push({ text: summary.slice(from, match.index), chain: false })
    pieces.push({ text: match[0], chain: true })
    from = match.index + match[0].length
  }
  if (from < summary.length) pieces.push({ text: summary.slice(from), chain: false })
  return (
    <>
      {pieces.map((piece, index) =>
        piece.chain ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the pieces of one line never move.
          <code key={index} className="address" title={piece.text}>
            {shortenAddress(piece.text)}
          </code>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: see above.
          <RevealedText key={index} text={piece.text} />
        ),
      )}
    </>
  )
}
