import type { Logger } from '../log/logger.ts'
import { type NotSetUp, notSetUp, type OutsideService, outsideService, type Part } from '../parts/Part.ts'
import type { Settings } from '../settings/env.ts'
import { DevOutbox } from './DevOutbox.ts'
import { type DevOutboxToken, loadDevOutboxToken } from './devOutboxToken.ts'
import type { EmailSender, SmsSender } from './Senders.ts'
import { smtpEmailSender } from './SmtpEmailSender.ts'
import { twilioSmsSender } from './TwilioSmsSender.ts'

/** A sender as the parts registry holds it: the chosen one, or `missing` when this server cannot send so. */
export type SenderService<Sender> = OutsideService<Sender> | NotSetUp

/**
 * Embedded mode's outbox, with the token its routes answer to. It stands behind the sms and email services,
 * which report it in /api/health, so it does not describe itself.
 */
export type DevOutboxPart = Part & { readonly name: 'devOutbox'; outbox: DevOutbox; token: DevOutboxToken }

export type ChosenSenders = {
  sms: SenderService<SmsSender>
  email: SenderService<EmailSender>
  /** Embedded mode only: where codes go instead of a real SMS or email. */
  devOutbox: DevOutboxPart | undefined
}

const outboxWords = 'dev outbox (codes in the server log)'

/**
 * Each sender from the settings: the real vendor when it is set up (Twilio, SMTP), else in embedded mode the
 * dev outbox, else none (production without it: sign-in by that channel is not offered).
 */
export function chooseSenders(settings: Settings, logger: Logger): ChosenSenders {
  const outbox = settings.mode === 'embedded' ? new DevOutbox(logger) : undefined
  const devOutbox: DevOutboxPart | undefined = outbox && {
    name: 'devOutbox',
    outbox,
    token: loadDevOutboxToken(settings, logger),
  }
  const smtp = settings.smtp && smtpEmailSender(settings.smtp)
  const sms = settings.twilio
    ? outsideService<SmsSender>('sms', 'production', twilioSmsSender(settings.twilio), 'Twilio')
    : outbox && outsideService('sms', 'embedded', outbox.sms, outboxWords)
  const email = smtp
    ? outsideService<EmailSender>('email', 'production', smtp, 'SMTP', { close: smtp.close })
    : outbox && outsideService('email', 'embedded', outbox.email, outboxWords)
  return { sms: sms ?? notSetUp('sms'), email: email ?? notSetUp('email'), devOutbox }
}
