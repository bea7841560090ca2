import { createTransport } from 'nodemailer'
import type { SmtpSettings } from '../settings/env.ts'
import type { EmailSender } from './Senders.ts'
import { SendFailedError } from './SendFailedError.ts'

/**
 * Any SMTP server, from a URL such as smtps://user:password@smtp.example.org:465 (`?pool=true` keeps connections
 * open between messages). `close` ends its connections: the server calls it when it stops.
 */
export function smtpEmailSender(settings: SmtpSettings): EmailSender & { close: () => Promise<void> } {
  const transport = createTransport(settings.url, { from: settings.from })
  return {
    send: async ({ to, subject, text }) => {
      try {
        await transport.sendMail({ to, subject, text })
      } catch (cause) {
        throw new SendFailedError('email', {
          details: `SMTP: ${cause instanceof Error ? cause.message : String(cause)}`,
          cause,
        })
      }
    },
    close: async () => transport.close(),
  }
}
