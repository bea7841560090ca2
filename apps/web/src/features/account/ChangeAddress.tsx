import type { CharterUser } from '@charter/core'
import { useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import type { Destination } from '../auth/index.ts'
import { sendCode, useCodeFlow } from '../auth/index.ts'
import { announceSession, currentUserQueryKey } from '../session/index.ts'
import { type AddressDraft, emptyAddressDraft } from './AddressDraft.ts'
import { ConfirmItIsYou } from './ConfirmItIsYou.tsx'
import { changeAccount } from './changeAccount.ts'
import { initStepUp, type StepUpAction } from './initStepUp.ts'
import { NewAddressStep } from './NewAddressStep.tsx'
import type { SignedPoster } from './SignedPoster.ts'

const stepUpActions: Readonly<Record<Destination['kind'], StepUpAction>> = {
  phone: 'update_phone',
  email: 'update_email',
}

type Props = { user: CharterUser; from: Destination; proxy: SignedPoster }

/**
 * Changes the account's phone number or email address in two steps, each with its code: one to the new address
 * (it is yours), then one to an address the account already has (it is you), which makes the change. The server
 * checks the second code first, so the code typed last is the one a refusal is most likely about, and it is
 * asked for again right where it was typed.
 */
export function ChangeAddress({ user, from, proxy }: Props) {
  const queryClient = useQueryClient()
  const [draft, setDraft] = useState<AddressDraft>(emptyAddressDraft)
  // Back from step 2 (to the code screen, or the field once the code expired), focus follows; not on first load.
  const [returning, setReturning] = useState(false)
  const newAddress = useCodeFlow<string>({
    deliver: (to) => sendCode(to, 'change'),
    // Not checked here: no route checks it alone. It goes with the change, at the end of step 2.
    complete: async (_to, code) => code,
    passesCodeOn: true,
  })
  const confirm = useCodeFlow({
    deliver: (destination) => initStepUp(proxy, stepUpActions[from.kind], destination.kind),
    complete: (_destination, stepUpCode) => {
      if (newAddress.state.status !== 'success') throw new Error('Step 1 is not done.')
      const { result: code, destination: to } = newAddress.state
      return changeAccount(proxy, { from, to }, { code, stepUpCode })
    },
    onSuccess: (updated) => {
      queryClient.setQueryData(currentUserQueryKey, updated)
      announceSession({ type: 'account-changed' })
    },
  })

  if (newAddress.state.status === 'success') {
    return (
      <ConfirmItIsYou
        flow={confirm}
        user={user}
        changing={from}
        to={newAddress.state.destination}
        onBack={() => {
          confirm.restart()
          newAddress.reopen()
          setReturning(true)
        }}
      />
    )
  }
  return (
    <NewAddressStep
      flow={newAddress}
      from={from}
      draft={draft}
      onDraftChange={setDraft}
      moveFocus={returning}
    />
  )
}
