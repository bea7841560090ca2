import { ApiError } from '../../lib/api.ts'

// A wrong export code is a 401 too (invalid_credentials); it ends nothing.
const sessionEndedCodes = new Set<string | number>(['must_be_authenticated', 'missing_or_invalid_token'])

/** The server refused for want of a live session. */
export const isSessionEnded = (error: unknown): boolean =>
  error instanceof ApiError && error.status === 401 && sessionEndedCodes.has(error.code)
