import type { UnixSeconds } from '@charter/core'
import { answerOf, api } from '../../lib/api.ts'
import type { Destination } from './Destination.ts'

/** What a code is for: its message says so, so a code to add or change an address is not read as a sign-in. */
export type CodePurpose = 'sign-in' | 'link' | 'change'

/** Asks the server to send a one-time code by SMS or email; answers when the code expires. */
export async function sendCode(
  destination: Destination,
  purpose: CodePurpose = 'sign-in',
): Promise<{ expiresAt: UnixSeconds }> {
  // A sign-in sends no purpose: it is the server's default, and Privy-shaped servers know no other.
  const extra = purpose === 'sign-in' ? {} : { purpose }
  const answer =
    destination.kind === 'phone'
      ? await answerOf(
          api.v1.passwordless_sms.init.$post({ json: { phoneNumber: destination.phoneNumber, ...extra } }),
        )
      : await answerOf(api.v1.passwordless.init.$post({ json: { email: destination.email, ...extra } }))
  return { expiresAt: answer.expires_at }
}
