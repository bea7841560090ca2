import { shortenAddress } from '@charter/core'
import { RevealedText } from '../../ui/RevealedText.tsx'
import type { ReceivedMoney } from './ReceivedMoney.ts'

/**
 * Who sent money, after "from": a fellow member by the name they go by and the organisations shared
 * ("Ana Lopez · Acme Co-op"), anyone else by their short address, whole on hover. A name is someone else's
 * choice: nothing hidden in it may take effect.
 */
export function SenderText({ received }: { received: Pick<ReceivedMoney, 'from' | 'from_address'> }) {
  const { from } = received
  if (!from) {
    return (
      <code className="address" title={received.from_address}>
        {shortenAddress(received.from_address)}
      </code>
    )
  }
  return (
    <>
      <bdi className="sender-name">
        <RevealedText text={from.label} />
      </bdi>
      {from.organizations.length > 0 && (
        <span className="sender-organizations">
          {' · '}
          <bdi>
            <RevealedText text={from.organizations.join(', ')} />
          </bdi>
        </span>
      )}
    </>
  )
}
