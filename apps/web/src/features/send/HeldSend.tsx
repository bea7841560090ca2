import { useState } from 'react'
import { Link } from 'wouter'
import { LocalTime } from '../../ui/index.ts'
import { ReleaseWithPasskey } from '../passkeys/index.ts'

/**
 * A send the new-device hold keeps: when it goes, who was told, who can stop it. Not an error. A member with a
 * passkey can send it at once instead (`heldId`: the held request).
 */
export function HeldSend({ opensAt, heldId, what }: { opensAt: number; heldId?: string; what: string }) {
  const [released, setReleased] = useState<string | undefined>(undefined)
  if (released) {
    return (
      <section className="result stack-small" aria-label="Send released">
        <p role="status">
          <strong>{released}</strong>
        </p>
        <p className="muted">
          Your passkey confirmed it. <Link href="~/wallet/activity">Follow it on the Activity page</Link>.
        </p>
      </section>
    )
  }
  return (
    <section className="result stack-small" aria-label="Send held">
      <p role="status">
        <strong>
          Held until <LocalTime at={opensAt} />
        </strong>
        ; your addresses were told; your other devices can cancel it.
      </p>
      <p className="muted">
        This device signed in recently, so a large send waits before it goes out. It goes by itself when the
        hold ends. <Link href="~/security">See it on the Security page</Link>.
      </p>
      {heldId && (
        <ReleaseWithPasskey action={{ id: heldId, kind: 'send', summary: what }} onReleased={setReleased} />
      )}
    </section>
  )
}
