import { type FormEvent, useEffect, useId, useState } from 'react'
import { AmountField, LocalTime, StatusMessage } from '../../ui/index.ts'
import { AssetField } from './AssetField.tsx'
import { ChainField } from './ChainField.tsx'
import { FeeCoinNote } from './FeeCoinNote.tsx'
import { FeeLine } from './FeeLine.tsx'
import { RecipientField } from './RecipientField.tsx'
import type { SendOrder } from './SendOrder.ts'
import type { SendDraft } from './useSendDraft.ts'

type Props = { draft: SendDraft; busy: boolean; onSend: (order: SendOrder) => void }

/**
 * The send, field by field, each checked as it is typed; Review and send opens the confirmation dialog once all
 * of it is right, and otherwise says what is missing.
 */
export function SendForm({ draft, busy, onSend }: Props) {
  const ids = { chain: useId(), recipient: useId(), problem: useId() }
  const [tried, setTried] = useState(false)
  // Pressed while the recipient or the fee was still being read: the send goes on once they are in.
  const [waiting, setWaiting] = useState(false)
  const { order } = draft
  useEffect(() => {
    if (!waiting || busy) return
    if (order) {
      setWaiting(false)
      onSend(order)
    }
  }, [waiting, busy, order, onSend])
  const { chain } = draft
  if (!chain) return null

  const missing =
    draft.recipient.trim() === ''
      ? 'Enter the recipient’s address.'
      : draft.picking
        ? 'Choose the colleague from the list, or enter an address.'
        : draft.recipientError
          ? 'Correct the recipient’s address.'
          : draft.amountText.trim() === ''
            ? 'Enter an amount.'
            : draft.amountError
              ? 'Correct the amount.'
              : draft.needsFeeCoin
                ? `You need a little ${chain.nativeCurrency.symbol} on ${chain.name} for the network fee.`
                : draft.recipientCheckFailed
                  ? 'The recipient could not be checked on the network. Try again in a moment.'
                  : undefined

  const stillChecking = missing === undefined && order === undefined
  const submit = (event: FormEvent) => {
    event.preventDefault()
    setTried(true)
    if (busy) return
    if (draft.order) onSend(draft.order)
    else setWaiting(stillChecking)
  }

  return (
    <form className="stack send-form" noValidate onSubmit={submit}>
      <ChainField
        id={ids.chain}
        chains={draft.chains}
        selected={String(chain.id)}
        onSelect={draft.selectChain}
      />
      <AssetField chain={chain} balance={draft.balances} selected={draft.asset} onSelect={draft.setAsset} />
      <RecipientField
        id={ids.recipient}
        value={draft.recipient}
        onChange={draft.setRecipient}
        error={draft.recipientError}
        warnings={draft.recipientWarnings}
        checking={draft.checkingRecipient}
        placeholder={chain.type === 'ethereum' ? '0x…' : 'A Solana address'}
        matches={draft.matches}
        walletOf={(colleague) => colleague.wallets[chain.type]}
        colleague={draft.colleague}
        hasColleagues={draft.hasColleagues}
        spacesRemoved={draft.spacesRemoved}
      />
      <AmountField
        label={`Amount (${draft.symbol})`}
        value={draft.amountText}
        onChange={draft.setAmountText}
        error={draft.amountError}
        max={{ fill: draft.fillMax }}
      />
      <FeeLine
        chain={chain}
        fee={draft.fee.data}
        loading={draft.fee.isPending}
        error={draft.fee.error}
        paidBy={draft.sponsor?.payer}
        createsTokenAccount={draft.order?.createsTokenAccount}
      />
      {draft.needsFeeCoin && (
        <FeeCoinNote chain={chain} address={draft.own} againAt={draft.sponsoredAgainAt} />
      )}
      {draft.hold && (
        <p className="warning" role="note">
          <strong>This send will wait.</strong> This device signed in recently: a send of more than{' '}
          {draft.hold.limit} is held until <LocalTime at={draft.hold.opensAt} />, your addresses are told, and
          your other devices can cancel it.
        </p>
      )}
      {tried && missing && (
        <p id={ids.problem} className="field-error" role="alert">
          {missing}
        </p>
      )}
      {waiting && stillChecking && <StatusMessage>Checking the recipient and the fee…</StatusMessage>}
      <div className="actions">
        <button type="submit" className="button" aria-disabled={busy || undefined}>
          Review and send
        </button>
      </div>
    </form>
  )
}
