import type { OnrampExperience } from '@charter/core'
import { type FormEvent, useState } from 'react'
import { AmountField } from '../../ui/index.ts'
import { checkOnrampAmount } from './checkOnrampAmount.ts'
import { ExperienceField } from './ExperienceField.tsx'
import { HeldBalance } from './HeldBalance.tsx'
import { NetworkField } from './NetworkField.tsx'
import { OnrampAssetField } from './OnrampAssetField.tsx'
import type { OnrampChainChoice } from './OnrampChoice.ts'
import type { OnrampOrder } from './OnrampPurchase.ts'

type Props = {
  /** The chains with at least one offer; never empty. */
  choices: readonly OnrampChainChoice[]
  busy: boolean
  onContinue: (order: OnrampOrder) => void
}

/** How, which network, which asset and, if the member likes, how much; Continue opens the provider's page. */
export function FundingForm({ choices, busy, onContinue }: Props) {
  const [experience, setExperience] = useState<OnrampExperience>('buy')
  const [chainId, setChainId] = useState<string>()
  const [offerKey, setOfferKey] = useState<string>()
  const [amountText, setAmountText] = useState('')
  const [tried, setTried] = useState(false)
  const choice = choices.find((one) => String(one.chain.id) === chainId) ?? choices[0]
  const offer = choice?.offers.find((one) => one.key === offerKey) ?? choice?.offers[0]
  if (!choice || !offer) return null
  const amount = checkOnrampAmount(amountText)
  // Said once the member has typed something or pressed Continue, not while the field is still empty.
  const amountError = tried || amountText.trim() !== '' ? amount.error : undefined

  const submit = (event: FormEvent) => {
    event.preventDefault()
    setTried(true)
    if (busy || amount.error !== undefined) return
    // The window opens from here, within the click, or a popup blocker stops it.
    onContinue({ offer, experience, amount: amount.amount })
  }

  return (
    <form className="stack" noValidate onSubmit={submit}>
      <ExperienceField selected={experience} onSelect={setExperience} />
      <NetworkField
        choices={choices}
        selected={String(choice.chain.id)}
        onSelect={(id) => {
          setChainId(id)
          setOfferKey(undefined)
        }}
      />
      <OnrampAssetField offers={choice.offers} selected={offer.key} onSelect={setOfferKey} />
      <HeldBalance offer={offer} />
      <AmountField
        label={`Amount (${offer.symbol}, optional)`}
        hint="Leave it empty to choose the amount on Coinbase’s page."
        value={amountText}
        onChange={setAmountText}
        error={amountError}
      />
      <div>
        <button type="submit" className="button" aria-disabled={busy || undefined}>
          Continue
        </button>
      </div>
    </form>
  )
}
