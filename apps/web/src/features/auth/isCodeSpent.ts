/**
 * True when a code was refused for good: its last try went wrong (the server says "that was the last try") or
 * it was tried too many times (429). Only a new code helps then, so the code screen stops taking digits.
 */
export function isCodeSpent(error: { message: string; status?: number }): boolean {
  return error.status === 429 || /\blast try\b/i.test(error.message)
}
