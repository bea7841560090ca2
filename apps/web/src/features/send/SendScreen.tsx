import type { CharterUser } from '@charter/core'
import { readableAmount, shortenAddress } from '@charter/core'
import { useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { StatusMessage } from '../../ui/index.ts'
import { balanceQueryPrefix } from '../balances/index.ts'
import { PasskeyPrompt } from '../passkeys/index.ts'
import { sponsorQueryOptions } from '../sponsor/index.ts'
import { SignatureStatus, useSignatureFlow, useWalletRuntime, WalletErrorMessage } from '../wallet/index.ts'
import { HeldSend } from './HeldSend.tsx'
import { SendForm } from './SendForm.tsx'
import { SendLifecycle } from './SendLifecycle.tsx'
import type { SendOrder, SendOutcome } from './SendOrder.ts'
import { submitSend } from './submitSend.ts'
import { useSendDraft } from './useSendDraft.ts'

type Sent = { order: SendOrder; outcome: SendOutcome; at: number }

/** The Send screen: the form, then the dialog, then the send's status (or its hold); Send another starts over. */
export function SendScreen({ user }: { user: CharterUser }) {
  const runtime = useWalletRuntime()
  const queryClient = useQueryClient()
  const draft = useSendDraft(user)
  const flow = useSignatureFlow<Sent>()
  const [round, setRound] = useState(0)
  const { state } = flow

  if (draft.chainsQuery.isPending) return <StatusMessage>Loading your networks…</StatusMessage>
  if (draft.chains.length === 0) {
    return <p className="muted">This server offers no network your wallets can send on yet.</p>
  }

  if (state.status === 'success') {
    const { order, outcome, at } = state.result
    const symbol = order.asset === 'usdc' ? 'USDC' : order.chain.nativeCurrency.symbol
    const decimals =
      order.asset === 'usdc' ? (order.chain.usdc?.decimals ?? 6) : order.chain.nativeCurrency.decimals
    const amount = `${readableAmount(order.amount, decimals)} ${symbol}`
    const recipient = order.recipientName ?? shortenAddress(order.to)
    const what = `${amount} to ${recipient} on ${order.chain.name}`
    return (
      <div className="stack">
        {outcome.status === 'sent' ? (
          <SendLifecycle
            chain={order.chain}
            walletId={outcome.walletId}
            hash={outcome.hash}
            amount={amount}
            recipient={recipient}
            sentAt={at}
          />
        ) : (
          <HeldSend opensAt={outcome.opensAt} heldId={outcome.heldId} what={what} />
        )}
        <div className="actions">
          <button
            type="button"
            className="button button-secondary"
            onClick={() => {
              draft.setAmountText('')
              draft.setRecipient('')
              setRound(round + 1)
              flow.reset()
            }}
          >
            Send another
          </button>
        </div>
        {/* A send that went out is the moment to suggest a passkey; a held one has its own news. Below the next
            step, which stays where the member expects it. */}
        {outcome.status === 'sent' && <PasskeyPrompt />}
      </div>
    )
  }

  const busy = state.status === 'confirming' || state.status === 'pending'
  return (
    <div className="stack">
      <SendForm
        key={round}
        draft={draft}
        busy={busy}
        onSend={(order) =>
          void flow.run(async () => {
            const outcome = await submitSend(runtime, order)
            void queryClient.invalidateQueries({ queryKey: balanceQueryPrefix })
            // A sponsored send took a place in the member's allowance.
            if (order.sponsor)
              void queryClient.invalidateQueries({ queryKey: sponsorQueryOptions().queryKey })
            return { order, outcome, at: Date.now() }
          })
        }
      />
      <SignatureStatus state={state} />
      {state.status === 'error' && <WalletErrorMessage error={state.error} title="Nothing was sent" />}
    </div>
  )
}
