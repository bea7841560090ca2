import { defaultSignInLimits } from '../auth/AuthService.ts'

/**
 * A number or address may have one code per fixed window of the shortest rule (30 seconds, aligned to the clock).
 * A test that needs that allowance spent starts in the first half of a window, so the window cannot turn over
 * mid-test and hand the number a fresh allowance, whatever the machine's load. Waits at most half a window.
 */
export async function startEarlyInResendWindow(): Promise<void> {
  const windowMs =
    Math.min(...defaultSignInLimits(30).perDestination.map((rule) => rule.windowSeconds)) * 1000
  const left = windowMs - (Date.now() % windowMs)
  if (left < windowMs / 2) await new Promise((resolve) => setTimeout(resolve, left + 100))
}
