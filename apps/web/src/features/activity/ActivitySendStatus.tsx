import { ExplorerLink } from '../../ui/ExplorerLink.tsx'
import { TransactionHash } from '../../ui/TransactionHash.tsx'
import type { ActivitySend } from './ActivitySend.ts'
import { SendStatusBadge } from './SendStatusBadge.tsx'

/** Under a send's line: its status, its hash, and where to look it up (for a local chain, the hash alone). */
export function ActivitySendStatus({ send }: { send: ActivitySend }) {
  return (
    <p className="activity-send">
      <SendStatusBadge send={send} />
      <TransactionHash hash={send.hash} />
      <ExplorerLink url={send.explorer_url} name={send.explorer_name} />
    </p>
  )
}
