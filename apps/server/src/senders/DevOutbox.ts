import type { Logger } from '../log/logger.ts'
import type { EmailSender, SmsSender } from './Senders.ts'

export type OutboxMessage = {
  channel: 'sms' | 'email'
  to: string
  subject?: string
  body: string
  sentAt: string
}

/**
 * Embedded mode's SMS and email sender: each message is printed in the server log and kept (the last 200)
 * for `GET /api/dev/outbox`. It never exists in production mode.
 */
export class DevOutbox {
  readonly #messages: OutboxMessage[] = []
  readonly #logger: Logger

  constructor(logger: Logger) {
    this.#logger = logger
  }

  readonly sms: SmsSender = {
    send: async ({ to, body }) => this.#keep({ channel: 'sms', to, body, sentAt: new Date().toISOString() }),
  }

  readonly email: EmailSender = {
    send: async ({ to, subject, text }) =>
      this.#keep({ channel: 'email', to, subject, body: text, sentAt: new Date().toISOString() }),
  }

  /** Newest first; only those sent to `to` when given. */
  list(to?: string): OutboxMessage[] {
    const messages = to ? this.#messages.filter((message) => message.to === to) : this.#messages
    return [...messages].reverse()
  }

  #keep(message: OutboxMessage) {
    this.#messages.push(message)
    if (this.#messages.length > 200) this.#messages.shift()
    // On one line, so the code reads at a glance (the logger would escape the newlines otherwise).
    const flat = message.body.replace(/\s*\n\s*/g, ' ')
    this.#logger.info(`[dev outbox] ${message.channel} to ${message.to}: ${flat}`)
  }
}
