import { pendingWalletRequestHint } from '@charter/core'
import { StatusMessage } from '../../ui/index.ts'
import { useElapsed } from './useElapsed.ts'
import type { SignatureFlowState } from './useSignatureFlow.ts'

/** After this long unanswered, the person may have lost sight of the dialog (another window, another tab). */
export const pendingHintDelayMs = 5_000

/** The wait, in words: for the person's answer in the dialog, then for the signature. */
export function SignatureStatus({ state }: { state: SignatureFlowState<unknown> }) {
  return (
    <StatusMessage>
      {state.status === 'confirming' && <Confirming since={state.waitingSince} />}
      {state.status === 'pending' && 'Signing…'}
    </StatusMessage>
  )
}

function Confirming({ since }: { since: number }) {
  const showHint = useElapsed(since, pendingHintDelayMs)
  return (
    <>
      Waiting for you to confirm in the dialog.
      {showHint && ` ${pendingWalletRequestHint}`}
    </>
  )
}
