import type { ActivitySend } from './ActivitySend.ts'
import { elapsedText } from './elapsedText.ts'
import { useNow } from './useNow.ts'

/** Where a send stands, in a word: Pending (for how long), Confirmed, Failed (why), Interrupted (why). */
export function SendStatusBadge({ send }: { send: ActivitySend }) {
  const because = send.reason ? `: ${send.reason}` : ''
  switch (send.status) {
    case 'pending':
      return <PendingBadge since={send.created_at} />
    case 'confirmed':
      return <span className="send-status send-status-confirmed">Confirmed</span>
    case 'failed':
      return <span className="send-status send-status-failed">Failed{because}</span>
    case 'interrupted':
      return <span className="send-status send-status-failed">Interrupted{because}</span>
  }
}

function PendingBadge({ since }: { since: number }) {
  const now = useNow(1000)
  return (
    <span className="send-status send-status-pending">
      Pending <span className="send-elapsed">{elapsedText(now / 1000 - since)}</span>
    </span>
  )
}
