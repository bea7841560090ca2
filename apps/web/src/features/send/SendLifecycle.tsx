import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import { Link } from 'wouter'
import { ExplorerLink } from '../../ui/ExplorerLink.tsx'
import { CopyButton } from '../../ui/index.ts'
import { balanceQueryPrefix, type OfferedChain } from '../balances/index.ts'
import { failureAdvice } from './failureAdvice.ts'
import { sendStatusQueryOptions } from './sendStatusQueryOptions.ts'
import { useSeconds } from './useSeconds.ts'

type Props = {
  chain: OfferedChain
  walletId: string
  hash: string
  /** What was sent, in words: '2.5 USDC'. */
  amount: string
  /** To whom: a colleague's name, else the address cut short. */
  recipient: string
  sentAt: number
}

/**
 * A send followed to its end: pending with the time it has taken, then confirmed (its block) or failed (the
 * reason and what to do); the hash, linked to the chain's explorer when it has one. Confirmed, it is a finished
 * state: "Sent 2.5 USDC to Ana Lopez", Done (home) and where Activity lists it. The balances are read again
 * when it was sent and when it settles.
 */
export function SendLifecycle({ chain, walletId, hash, amount, recipient, sentAt }: Props) {
  const queryClient = useQueryClient()
  const status = useQuery(sendStatusQueryOptions(walletId, hash))
  const send = status.data ?? undefined
  const settled = send !== undefined && send.status !== 'pending'
  const confirmed = send?.status === 'confirmed'
  const seconds = useSeconds(sentAt, !settled)

  // Settled, the balances have moved: read them again (the home and this screen share those queries).
  useEffect(() => {
    if (settled) void queryClient.invalidateQueries({ queryKey: balanceQueryPrefix })
  }, [queryClient, settled])

  return (
    <section className="result stack-small" aria-label="Send status">
      {confirmed ? (
        <h2 className="send-done">
          Sent {amount} to {recipient}
        </h2>
      ) : (
        <p>
          {settled ? 'Tried to send' : 'Sending'} {amount} to {recipient} on {chain.name}.
        </p>
      )}
      <p role="status" className={`send-progress send-progress-${send?.status ?? 'pending'}`}>
        {!settled && (
          <>
            <strong>Pending</strong>: waiting for {chain.name} to include it ({seconds} s).
          </>
        )}
        {send?.status === 'confirmed' && (
          <>
            <strong>Confirmed</strong> in block {send.block_number}.
          </>
        )}
        {(send?.status === 'failed' || send?.status === 'interrupted') && (
          <>
            <strong>Failed</strong>. {failureAdvice(send)}
          </>
        )}
      </p>
      {status.isError && (
        <p className="muted">The status could not be read just now; it is read again in a moment.</p>
      )}
      <div className="stack-small">
        <p className="field-label">Transaction hash</p>
        <p>
          <code className="breakable">{hash}</code> <CopyButton text={hash} what="transaction hash" />
        </p>
        {send?.explorer_url && (
          <p>
            <ExplorerLink url={send.explorer_url} name={chain.explorer?.name ?? null} />
          </p>
        )}
      </div>
      {confirmed && (
        <div className="actions">
          <Link href="~/" className="button">
            Done
          </Link>
          <Link href="~/wallet/activity">See it in your activity</Link>
        </div>
      )}
    </section>
  )
}
