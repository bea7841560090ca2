import { LoginError } from '@charter/core'

/** `too_many_requests` with when to try again; the error handler sends it as `Retry-After` too. */
export class TooManyRequestsError extends LoginError {
  readonly retryAfterSeconds: number

  constructor(message: string, retryAfterSeconds: number) {
    super('too_many_requests', { message })
    this.retryAfterSeconds = Math.max(1, Math.ceil(retryAfterSeconds))
  }
}

/** "42 seconds", "3 minutes": how long to wait, in words. */
export function waitInWords(seconds: number): string {
  const whole = Math.max(1, Math.ceil(seconds))
  if (whole < 90) return `${whole} second${whole === 1 ? '' : 's'}`
  const minutes = Math.ceil(whole / 60)
  if (minutes < 90) return `${minutes} minutes`
  const hours = Math.ceil(minutes / 60)
  return `${hours} hours`
}
