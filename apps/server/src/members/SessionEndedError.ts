import { LoginError } from '@charter/core'
import type { SessionEndReason } from './sessions.ts'

const ifNotYou = 'If that was not you, sign in and check your account’s Security page.'

const messages: Record<SessionEndReason, string> = {
  signed_out: 'You signed out of this session. Please sign in again.',
  signed_out_everywhere: `You were signed out: someone signed out everywhere, on every device. Please sign in again. ${ifNotYou}`,
  signed_out_by_another_session: `This device was signed out from another of your devices. Please sign in again. ${ifNotYou}`,
  address_changed: `You were signed out: your sign-in address was changed on another device. Please sign in again. ${ifNotYou}`,
  refresh_token_reused:
    'You were signed out: this session’s sign-in was used from somewhere else, which means it was copied. Please sign in again.',
}

/**
 * `must_be_authenticated` for a request whose session was revoked, with why (`reason` in the body beside
 * `{error, code}`), so the device that still holds it can say why it was signed out. Clients that only read the
 * code see the same answer as for no session at all.
 */
export class SessionEndedError extends LoginError {
  readonly reason: SessionEndReason

  constructor(reason: SessionEndReason) {
    super('must_be_authenticated', { message: messages[reason] })
    this.reason = reason
  }
}
