import { BaseError } from '@charter/core'

/** A part could not start: the server does not listen, and says which part and why. */
export class PartStartError extends BaseError {
  override name = 'PartStartError'
  readonly part: string

  constructor(part: string, cause: unknown) {
    super(`Charter cannot start: ${part} did not start.`, {
      details: cause instanceof Error ? cause.message : String(cause),
      cause,
    })
    this.part = part
  }
}
