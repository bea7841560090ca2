import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useId } from 'react'
import type { HeldAction } from '../holds/index.ts'
import { useWalletRuntime } from '../wallet/index.ts'
import { proveWithPasskey } from './passkeyCeremonies.ts'
import { liftHeldAction } from './passkeysApi.ts'
import { refreshAfterPasskeyChange } from './refreshAfterPasskeyChange.ts'
import { useHasPasskey } from './useHasPasskey.ts'

/** What a released request does next, by kind: a send and a sign-out go by themselves, the rest when asked again. */
const released: Record<HeldAction['kind'], string> = {
  send: 'Released: it goes out now.',
  sign_out: 'Released: your other devices are signed out now.',
  lift_freeze: 'Released: the freeze is lifted now.',
  export: 'Released: the key can be exported now.',
  signature: 'Released: it can be signed now.',
  address_change: 'Released: the change can be made now.',
  passkey_add: 'Released: the passkey can be added now.',
  passkey_remove: 'Released: the passkey is removed now.',
}

/**
 * "Use your passkey to send now" (or "… to do it now"): releases one held request at once with the member's
 * passkey, where they have one and this browser can use it; nothing otherwise. What happened goes to `onReleased`
 * (the request's row may be gone once the lists are refreshed); a failure is said beside the button.
 */
export function ReleaseWithPasskey({
  action,
  onReleased,
}: {
  action: Pick<HeldAction, 'id' | 'kind' | 'summary'>
  onReleased: (said: string) => void
}) {
  const summaryId = useId()
  const { proxy } = useWalletRuntime()
  const queryClient = useQueryClient()
  const hasPasskey = useHasPasskey()
  const release = useMutation({
    mutationFn: async () => {
      const { proof } = await proveWithPasskey({ type: 'held_action', id: action.id })
      return liftHeldAction(proxy, action.id, proof)
    },
    onSuccess: () => onReleased(released[action.kind]),
    onSettled: () => void refreshAfterPasskeyChange(queryClient),
  })
  if (!hasPasskey) return null

  return (
    <div className="stack-small">
      <span id={summaryId} hidden>
        {action.summary}
      </span>
      <div className="actions">
        <button
          type="button"
          className="button"
          aria-describedby={summaryId}
          aria-disabled={release.isPending || undefined}
          onClick={() => {
            if (!release.isPending) release.mutate()
          }}
        >
          {action.kind === 'send' ? 'Use your passkey to send now' : 'Use your passkey to do it now'}
        </button>
      </div>
      {release.error && (
        <p className="field-error" role="alert">
          {release.error.message}
        </p>
      )}
    </div>
  )
}
