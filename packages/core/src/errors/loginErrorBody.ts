import type { LoginError } from './LoginError.ts'
import type { LoginErrorCode } from './loginErrorCodes.ts'

/** The login provider's error answer, as Privy shapes it. */
export type LoginErrorBody = { error: string; code: LoginErrorCode }

/** The JSON body for a login error: the text a person reads and the code; `details` stay on the server. */
export function loginErrorBody(error: LoginError): LoginErrorBody {
  return { error: error.shortMessage, code: error.code }
}
