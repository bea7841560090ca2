import { chainName, describeUserAgent } from '@charter/core'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useId, useState } from 'react'
import { LocalTime } from '../export/index.ts'
import {
  cancelHeldAction,
  type HeldAction,
  heldActionsQueryKey,
  heldActionsQueryOptions,
} from '../holds/index.ts'
import { ReleaseWithPasskey } from '../passkeys/index.ts'
import { useWalletRuntime } from '../wallet/index.ts'
import { securityQueryKey } from './securityApi.ts'

// A request of a device that was signed out since can never complete: nothing left to decide. But for a held
// sign-out: a new device that signs out everywhere ends itself at once, and the older sessions' ending still waits.
const pending = (action: HeldAction) =>
  (action.status === 'held' || action.status === 'ready') &&
  (action.kind === 'sign_out' || !action.device.signed_out)

/** What a device asked for, in the words of "asked to …". */
const asked: Record<HeldAction['kind'], string> = {
  export: 'export a key',
  send: 'send funds',
  signature: 'sign what moves funds',
  sign_out: 'sign out your other devices',
  address_change: 'change how you sign in',
  lift_freeze: 'lift the freeze',
  passkey_add: 'add a passkey',
  passkey_remove: 'remove a passkey',
}

/** A chain by the id the server names it with: "Base Sepolia", "Solana devnet". */
const chainWords = (chain: string) => (/^\d+$/.test(chain) ? chainName(Number(chain)) : `Solana ${chain}`)

/** When it may happen: an export the device may then make, a send that then goes out by itself. */
function opening(action: HeldAction) {
  if (action.kind === 'send') return action.status === 'held' ? 'Goes out at ' : 'Going out now, asked for '
  if (action.kind === 'sign_out' || action.kind === 'lift_freeze') {
    return action.status === 'held' ? 'Happens at ' : 'Happening now, asked for '
  }
  return action.status === 'held' ? 'Possible from ' : 'Possible since '
}

/**
 * The exports, sends and signatures new devices asked for while they had to wait, on the Security page: which
 * device, when it happens, and a Cancel button for the devices allowed to (this one signed in before it), and, for a
 * member with a passkey, a way to let it go ahead at once; and, on a
 * device still within its hold, what the new devices' budget has left. Shown only when there is something to say.
 */
export function HeldRequests() {
  const headingId = useId()
  const { proxy } = useWalletRuntime()
  const queryClient = useQueryClient()
  const held = useQuery(heldActionsQueryOptions())
  const [said, setSaid] = useState<string | undefined>(undefined)
  const cancel = useMutation({
    mutationFn: (action: HeldAction) => cancelHeldAction(proxy, action.id),
    onSuccess: (_, action) => setSaid(`Cancelled: ${action.summary}.`),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: heldActionsQueryKey })
      void queryClient.invalidateQueries({ queryKey: securityQueryKey })
    },
  })
  const waiting = held.data?.held_actions.filter(pending) ?? []
  const holdEndsAt = held.data?.hold_ends_at
  const used = held.data?.budget ?? []
  if (waiting.length === 0 && !said && !cancel.error && !holdEndsAt) return null

  return (
    <section className="stack-small" aria-labelledby={headingId}>
      <h2 id={headingId}>Waiting on a new device</h2>
      <p className="status" role="status">
        {said}
      </p>
      {cancel.error && (
        <p className="field-error" role="alert">
          {cancel.error.message}
        </p>
      )}
      {holdEndsAt && (
        <div className="stack-small">
          <p>
            This device signed in recently. Until <LocalTime at={holdEndsAt} />, your new devices together
            send at most a small amount at once, fees included; more, and anything Charter cannot weigh (an
            allowance, an unknown contract), waits until then.
          </p>
          {used.length > 0 && (
            <ul aria-label="New-device budget used">
              {used.map((use) => (
                <li key={`${use.chain}:${use.asset}`}>
                  {chainWords(use.chain)}: {use.used} of {use.limit} {use.symbol} used, {use.remaining}{' '}
                  {use.symbol} left
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
      {waiting.length > 0 && (
        <>
          <p>
            A device that signed in recently asked to{' '}
            {[...new Set(waiting.map((action) => asked[action.kind]))].join(' and to ')}. If it was not you,
            cancel it and sign that device out below: someone may have your phone or email.
          </p>
          <ul className="session-list">
            {waiting.map((action) => {
              const device = describeUserAgent(action.device.user_agent)
              return (
                <li key={action.id} className="session-row">
                  <div className="session-about">
                    <p className="session-device">
                      {action.summary}
                      {action.this_device && <span className="session-tag">This device</span>}
                    </p>
                    <p className="session-meta">
                      <span>
                        Asked by {device}, from {action.device.client_address ?? 'an unknown address'}, on{' '}
                        <LocalTime at={action.requested_at} />
                      </span>
                      <span>
                        {opening(action)}
                        <LocalTime at={action.opens_at} />
                      </span>
                    </p>
                  </div>
                  {action.status === 'held' && <ReleaseWithPasskey action={action} onReleased={setSaid} />}
                  {action.can_cancel && (
                    <button
                      type="button"
                      className="button button-secondary"
                      aria-label={`Cancel: ${action.summary}`}
                      aria-disabled={cancel.isPending || undefined}
                      onClick={() => {
                        if (!cancel.isPending) cancel.mutate(action)
                      }}
                    >
                      Cancel
                    </button>
                  )}
                </li>
              )
            })}
          </ul>
        </>
      )}
    </section>
  )
}
