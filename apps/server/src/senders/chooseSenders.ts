import type { Settings } from '../env.ts'
import type { Logger } from '../logger.ts'
import { notSetUp, type OutsideService, outsideService, type Part } from '../parts/Part.ts'
import { DevOutbox } from './DevOutbox.ts'
import { type DevOutboxToken, loadDevOutboxToken } from './devOutboxToken.ts'
import type { EmailSender, SmsSender } from './Senders.ts'
import { smtpEmailSender } from './SmtpEmailSender.ts'
import { twilioSmsSender } from './TwilioSmsSender.ts'

export type ChosenSenders = {
  sms: OutsideService<SmsSender> | undefined
  email: OutsideService<EmailSender> | undefined
  /** Embedded mode only: where codes go instead of a real SMS or email. */
  outbox: DevOutbox | undefined
  /** What the dev outbox answers to (with it, and only with it). */
  outboxToken: DevOutboxToken | undefined
  /** SMS and email as /api/health reports them, `missing` when this server cannot send them. */
  parts: Part[]
}

const outboxWords = 'dev outbox (codes in the server log)'

/**
 * Each sender from the settings: the real vendor when it is set up (Twilio, SMTP), else in embedded mode the
 * dev outbox, else none (production without it: sign-in by that channel is not offered).
 */
export function chooseSenders(settings: Settings, logger: Logger): ChosenSenders {
  const outbox = settings.mode === 'embedded' ? new DevOutbox(logger) : undefined
  const outboxToken = outbox && loadDevOutboxToken(settings, logger)
  const sms = settings.twilio
    ? outsideService<SmsSender>('sms', 'production', twilioSmsSender(settings.twilio), 'Twilio')
    : outbox && outsideService('sms', 'embedded', outbox.sms, outboxWords)
  const email = settings.smtp
    ? outsideService<EmailSender>('email', 'production', smtpEmailSender(settings.smtp), 'SMTP')
    : outbox && outsideService('email', 'embedded', outbox.email, outboxWords)
  return { sms, email, outbox, outboxToken, parts: [sms ?? notSetUp('sms'), email ?? notSetUp('email')] }
}
