import { useCountdown } from './useCountdown.ts'

type Props = { resendAt: number; pending: boolean; onResend: () => void }

/**
 * "Send a new code", counting down until the server will send one. It stays focusable while it waits
 * (aria-disabled, not disabled), so focus is never lost from under a keyboard user.
 */
export function ResendButton({ resendAt, pending, onResend }: Props) {
  const secondsLeft = useCountdown(resendAt)
  const waiting = secondsLeft > 0
  return (
    <button
      type="button"
      className="link-button"
      aria-disabled={waiting || pending || undefined}
      onClick={() => {
        if (!waiting && !pending) onResend()
      }}
    >
      {pending ? 'Sending a new code…' : waiting ? `Send a new code in ${secondsLeft} s` : 'Send a new code'}
    </button>
  )
}
