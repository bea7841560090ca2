/** Sends a text message. Adapters rewrap vendor failures as `SendFailedError`. */
export type SmsSender = {
  send: (message: { to: string; body: string }) => Promise<void>
}

/** Sends a plain-text email. */
export type EmailSender = {
  send: (message: { to: string; subject: string; text: string }) => Promise<void>
}
