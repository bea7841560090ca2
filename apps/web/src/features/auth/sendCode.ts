import type { UnixSeconds } from '@charter/core'
import { postJson } from '../../lib/api.ts'
import type { Destination } from './Destination.ts'

type InitAnswer = { success: true; expires_at: UnixSeconds }

/** Asks the server to send a one-time code by SMS or email; answers when the code expires. */
export async function sendCode(destination: Destination): Promise<{ expiresAt: UnixSeconds }> {
  const answer =
    destination.kind === 'phone'
      ? await postJson<InitAnswer>('/api/v1/passwordless_sms/init', { phoneNumber: destination.phoneNumber })
      : await postJson<InitAnswer>('/api/v1/passwordless/init', { email: destination.email })
  return { expiresAt: answer.expires_at }
}
