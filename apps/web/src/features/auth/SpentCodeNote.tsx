import { useCountdown } from './useCountdown.ts'

type Props = {
  id: string
  /** The server's words for the last refusal, when it gave some. */
  message?: string
  /** Milliseconds since the epoch: from when a new code may be asked for. */
  resendAt: number
}

const clockTime = (at: number) => new Date(at).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' })

/**
 * What to do once a code's last try went wrong: the boxes are shut, so say why, that only a new code helps,
 * and when one can be asked for. The alert is said once; the countdown beside it is not announced every second.
 */
export function SpentCodeNote({ id, message, resendAt }: Props) {
  const secondsLeft = useCountdown(resendAt)
  const when =
    secondsLeft <= 0
      ? 'You can ask for one now: “Send a new code”, below.'
      : secondsLeft < 60
        ? `You can ask for one in ${secondsLeft} s.`
        : `You can ask for one at ${clockTime(resendAt)} (in ${Math.ceil(secondsLeft / 60)} minutes).`
  return (
    <div id={id} className="stack">
      <p className="field-error" role="alert">
        {message ?? 'That code was tried too many times.'} The boxes are closed: this code cannot be used any
        more.
      </p>
      <p className="field-hint">Ask for a new code. {when}</p>
    </div>
  )
}
