import { LoginError } from './LoginError.ts'

/** A call that needs a logged-in user ran without one. The text is the one Privy's clients use, word for word. */
export class MustBeAuthenticatedError extends LoginError {
  override name = 'MustBeAuthenticatedError'

  constructor(options: { cause?: unknown } = {}) {
    super('must_be_authenticated', { message: 'User must be authenticated', cause: options.cause })
  }
}
