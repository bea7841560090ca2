import { type CharterUser, shortenAddress } from '@charter/core'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useId } from 'react'
import { LocalTime } from '../../ui/LocalTime.tsx'
import { type HeldAction, type HeldActions, heldActionsQueryKey, requestHeldExport } from '../holds/index.ts'
import { ReleaseWithPasskey, useHasPasskey } from '../passkeys/index.ts'
import { chainTypeNames, userWallets, useWalletRuntime } from '../wallet/index.ts'

/** Where one of this device's requests stands, in words. */
function HeldState({ action }: { action: HeldAction }) {
  switch (action.status) {
    case 'held':
      return (
        <>
          Asked. Held until <LocalTime at={action.opens_at} />. Your other devices can cancel it on their
          Security page.
        </>
      )
    case 'ready':
      return action.lifted_at !== null ? (
        <>Released with your passkey: you can export it now.</>
      ) : (
        <>The wait is over: you can export it now.</>
      )
    case 'cancelled':
      return action.cancelled_here ? (
        <>You cancelled this request.</>
      ) : (
        <>
          Cancelled from another of your devices
          {action.cancelled_at !== null && (
            <>
              {' '}
              on <LocalTime at={action.cancelled_at} />
            </>
          )}
          . This device cannot export keys.
        </>
      )
    case 'completed':
      return <>Exported.</>
  }
}

/**
 * The export screen of a device within its new-device hold: said before anything is filled in. When export will
 * be possible (local time), and for each wallet either a way to ask now (the account's addresses are told, and
 * an older device can cancel) or where that request stands. A member with a passkey can release a request with it,
 * or export with it at once (a passkey's export does not wait); `onProceed` goes on to the export's form.
 */
export function ExportHold({
  user,
  held,
  onProceed,
}: {
  user: CharterUser
  held: HeldActions & { hold_ends_at: number }
  onProceed: () => void
}) {
  const { proxy } = useWalletRuntime()
  const queryClient = useQueryClient()
  const ids = { heading: useId(), list: useId() }
  const hasPasskey = useHasPasskey() === true
  const ask = useMutation({
    mutationFn: (walletId: string) => requestHeldExport(proxy, walletId),
    onSuccess: (answer) => queryClient.setQueryData(heldActionsQueryKey, answer),
  })
  const { ethereum, solana } = userWallets(user)
  const wallets = [ethereum, solana].filter(
    (wallet): wallet is NonNullable<typeof wallet> & { id: string } => typeof wallet?.id === 'string',
  )
  const mine = (walletId: string) =>
    held.held_actions.find((action) => action.this_device && action.subject === walletId)

  return (
    <div className="stack">
      <div className="warning stack-small" role="note" aria-labelledby={ids.heading}>
        <h2 id={ids.heading}>This device must wait before it can export</h2>
        <p>
          This device signed in recently. To protect your wallets from someone who got hold of your phone or
          email, a key can leave a new device only after a wait. Export will be possible from{' '}
          <strong>
            <LocalTime at={held.hold_ends_at} />
          </strong>
          .
        </p>
        <p>
          You can ask now. Your phone and email are told, and any device you signed in on before this one can
          cancel the request. When the wait is over, come back here to export with a fresh code.
        </p>
      </div>
      {hasPasskey && (
        <div className="stack-small">
          <p>With your passkey, you can export now without waiting.</p>
          <div className="actions">
            <button type="button" className="button" onClick={onProceed}>
              Export with your passkey
            </button>
          </div>
        </div>
      )}
      {ask.error && (
        <p className="field-error" role="alert">
          {ask.error.message}
        </p>
      )}
      <ul className="stack-small" aria-label="Your wallets">
        {wallets.map((wallet) => {
          const request = mine(wallet.id)
          const name = `${chainTypeNames[wallet.chain_type]} ${shortenAddress(wallet.address)}`
          return (
            <li key={wallet.id} className="stack-small">
              <p>
                {chainTypeNames[wallet.chain_type]}{' '}
                <code className="address" title={wallet.address}>
                  {shortenAddress(wallet.address)}
                </code>
              </p>
              {request && request.status !== 'cancelled' ? (
                <>
                  <p className="status" role="status">
                    <HeldState action={request} />
                  </p>
                  {/* Once released, the request's own status line above says so. */}
                  {request.status === 'held' && <ReleaseWithPasskey action={request} onReleased={() => {}} />}
                  {request.status === 'ready' && (
                    <div className="actions">
                      <button
                        type="button"
                        className="button"
                        aria-label={`Export the key of ${name} now`}
                        onClick={onProceed}
                      >
                        Export now
                      </button>
                    </div>
                  )}
                </>
              ) : (
                <>
                  {request && (
                    <p className="status" role="status">
                      <HeldState action={request} />
                    </p>
                  )}
                  {!(request && !request.cancelled_here) && (
                    <div className="actions">
                      <button
                        type="button"
                        className="button button-secondary"
                        aria-label={`Ask to export the key of ${name}`}
                        aria-disabled={ask.isPending || undefined}
                        onClick={() => {
                          if (!ask.isPending) ask.mutate(wallet.id)
                        }}
                      >
                        Ask to export
                      </button>
                    </div>
                  )}
                </>
              )}
            </li>
          )
        })}
      </ul>
    </div>
  )
}
