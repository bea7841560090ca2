import { defaultSignInLimits } from '../auth/AuthService.ts'

/**
 * Throttling counts in fixed windows aligned to the clock. A test that spends an allowance and then expects a
 * refusal must not see the window turn over mid-test (a fresh allowance), whatever the machine's load: this waits,
 * if need be, until the current window of `windowSeconds` has at least `needMs` left.
 */
export async function withTimeLeftInWindow(windowSeconds: number, needMs: number): Promise<void> {
  const windowMs = windowSeconds * 1000
  const left = windowMs - (Date.now() % windowMs)
  if (left < needMs) await new Promise((resolve) => setTimeout(resolve, left + 100))
}

/**
 * A number or address may have one code per fixed window of the shortest rule (30 seconds). A test that needs that
 * allowance spent starts in the first half of a window. Waits at most half a window.
 */
export async function startEarlyInResendWindow(): Promise<void> {
  const windowSeconds = Math.min(...defaultSignInLimits(30).perDestination.map((rule) => rule.windowSeconds))
  await withTimeLeftInWindow(windowSeconds, (windowSeconds * 1000) / 2)
}
