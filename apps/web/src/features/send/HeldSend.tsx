import { Link } from 'wouter'
import { LocalTime } from '../../ui/index.ts'

/** A send the new-device hold keeps: when it goes, who was told, who can stop it. Not an error. */
export function HeldSend({ opensAt }: { opensAt: number }) {
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
    </section>
  )
}
