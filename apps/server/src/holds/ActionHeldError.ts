import { LoginError } from '@charter/core'

/**
 * An action a session within the new-device hold may not take yet, or no longer: `too_many_requests` with the
 * wait (sent as `Retry-After` too), as the export wait after an address change is.
 */
export class ActionHeldError extends LoginError {
  readonly retryAfterSeconds: number | undefined

  constructor(message: string, retryAfterSeconds?: number) {
    super('too_many_requests', { message })
    this.retryAfterSeconds =
      retryAfterSeconds === undefined ? undefined : Math.max(1, Math.ceil(retryAfterSeconds))
  }
}
