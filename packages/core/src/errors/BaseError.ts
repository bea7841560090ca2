export type BaseErrorOptions = {
  /** Extra facts for whoever debugs this; never secrets. */
  details?: string
  cause?: unknown
  /** A stable, machine-readable code (a login-provider code, a wallet code, …). */
  code?: string | number
}

/**
 * The one error shape of Charter. `shortMessage` is what a person reads; `message` adds the details.
 * Subclasses name one domain fact each; vendor errors are rewrapped with `cause` at the adapter.
 */
export class BaseError extends Error {
  override name = 'CharterError'
  readonly shortMessage: string
  readonly details: string | undefined
  readonly code: string | number | undefined

  constructor(shortMessage: string, options: BaseErrorOptions = {}) {
    super(options.details ? `${shortMessage}\n\nDetails: ${options.details}` : shortMessage, {
      cause: options.cause,
    })
    this.shortMessage = shortMessage
    this.details = options.details
    this.code = options.code
  }
}
