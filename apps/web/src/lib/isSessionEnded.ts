import { ApiError } from './api.ts'

// A wrong code (sign-in, step-up, export) is a 401 too (invalid_credentials), and must not sign anyone out.
const sessionEndedCodes = new Set<string | number>(['must_be_authenticated', 'missing_or_invalid_token'])

/** True when the server refused a request because this browser's session is gone (signed out, expired). */
export function isSessionEnded(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401 && sessionEndedCodes.has(error.code)
}
