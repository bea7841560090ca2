import type { TwilioSettings } from '../settings/env.ts'
import type { SmsSender } from './Senders.ts'
import { SendFailedError } from './SendFailedError.ts'

/** Twilio's Messages API: one form-encoded POST per message, basic auth with the account SID and token. */
export function twilioSmsSender(settings: TwilioSettings): SmsSender {
  const url = `${settings.apiUrl.replace(/\/$/, '')}/2010-04-01/Accounts/${settings.accountSid}/Messages.json`
  const authorization = `Basic ${Buffer.from(`${settings.accountSid}:${settings.authToken}`).toString('base64')}`
  // A messaging service SID (MG…) lets Twilio pick the sender per country.
  const fromField = settings.from.startsWith('MG') ? 'MessagingServiceSid' : 'From'
  return {
    send: async ({ to, body }) => {
      let response: Response
      try {
        response = await fetch(url, {
          method: 'POST',
          headers: { authorization, 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ To: to, [fromField]: settings.from, Body: body }),
          signal: AbortSignal.timeout(10_000),
        })
      } catch (cause) {
        throw new SendFailedError('SMS', { details: 'Twilio could not be reached', cause })
      }
      if (!response.ok) {
        const answer = (await response.json().catch(() => ({}))) as { code?: number; message?: string }
        throw new SendFailedError('SMS', {
          details: `Twilio answered ${response.status}: ${answer.code ?? ''} ${answer.message ?? ''}`.trim(),
        })
      }
    },
  }
}
