import { RevealedText } from '../../../ui/index.ts'
import { formatAmount } from '../describe/formatAmount.ts'
import type { MessageRequest } from '../describe/SignatureRequest.ts'

const count = (amount: number, one: string, many: string) =>
  `${formatAmount(BigInt(amount), 0)} ${amount === 1 ? one : many}`

/** A message whole, with its length, so a tail below the fold or a hidden character cannot pass unseen. */
export function MessageDetails({ request }: { request: MessageRequest }) {
  if (request.text === undefined) {
    return (
      <div className="stack-small">
        <p className="field-label">Message</p>
        <p className="muted">{count(request.bytes, 'byte', 'bytes')}, not text. Its bytes are:</p>
        <pre className="signed-message signed-bytes">{request.hex}</pre>
      </div>
    )
  }
  const characters = [...request.text].length
  const lines = request.text.split('\n').length
  return (
    <div className="stack-small">
      <p className="field-label">Message</p>
      <p className="muted">
        {count(characters, 'character', 'characters')}, {count(lines, 'line', 'lines')} (
        {count(request.bytes, 'byte', 'bytes')})
      </p>
      <pre className="signed-message">
        <RevealedText text={request.text} />
      </pre>
    </div>
  )
}
