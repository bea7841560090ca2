import { WalletKeyMismatchError } from './WalletKeyMismatchError.ts'
import { WalletKeyMissingError } from './WalletKeyMissingError.ts'

/** A refusal only a new sign-in can mend: the session is bound to another key, or to none. */
export const isKeyRefusal = (error: unknown): error is WalletKeyMismatchError | WalletKeyMissingError =>
  error instanceof WalletKeyMismatchError || error instanceof WalletKeyMissingError
