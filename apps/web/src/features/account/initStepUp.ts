import type { UnixSeconds } from '@charter/core'
import type { DestinationKind } from '../auth/index.ts'
import type { SignedPoster } from './SignedPoster.ts'

/** What the step-up code is for: it works for that change only, in this session only. */
export type StepUpAction = 'update_phone' | 'update_email'

export type StepUpSent = {
  via: DestinationKind
  /** As the server words it: a masked phone number, or the email address. */
  sentTo: string
  expiresAt: UnixSeconds
}

/**
 * Sends a code to an address the account already has (by `via`, the phone or the email), to confirm that the
 * person changing an address is the account's owner and not just someone with this session. Signed.
 */
export async function initStepUp(
  proxy: SignedPoster,
  action: StepUpAction,
  via: DestinationKind,
): Promise<StepUpSent> {
  const answer = await proxy.post((client) => client.api.v1.step_up.init, { json: { action, via } })
  return { via: answer.via, sentTo: answer.sent_to, expiresAt: answer.expires_at }
}
