import { type LoginErrorCode, loginErrorCodes } from './loginErrorCodes.ts'

const known: ReadonlySet<unknown> = new Set(loginErrorCodes)

/** Whether a value (e.g. the `code` of an answer from the server) is one of the login provider's codes. */
export function isLoginErrorCode(value: unknown): value is LoginErrorCode {
  return known.has(value)
}
