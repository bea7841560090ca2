import type { UnixSeconds } from '@charter/core'
import { ApiError, answerOf, api } from '../../lib/api.ts'
import { whileCheckingBrowser } from './browserCheck.ts'
import type { Destination } from './Destination.ts'
import type { CodeChallenge } from './solveCodeChallenge.ts'

/** What a code is for: its message says so, so a code to add or change an address is not read as a sign-in. */
export type CodePurpose = 'sign-in' | 'link' | 'change'

/** The challenge of a refusal that asks for the browser check (`invalid_captcha`, or `captcha_failure`). */
function challengeOf(error: unknown): CodeChallenge | undefined {
  if (!(error instanceof ApiError)) return undefined
  if (error.code !== 'invalid_captcha' && error.code !== 'captcha_failure') return undefined
  const challenge = (error.body as { challenge?: CodeChallenge } | undefined)?.challenge
  return challenge && typeof challenge.salt === 'string' ? challenge : undefined
}

/** Solved in a module of its own, fetched only when the server asks: most sign-ins never need it. */
async function solve(challenge: CodeChallenge): Promise<string> {
  const { solveCodeChallenge } = await import('./solveCodeChallenge.ts')
  const token = await solveCodeChallenge(challenge)
  if (token === undefined) {
    throw new ApiError(
      'This browser could not complete the security check. Reload the page and try again.',
      0,
      'captcha_failure',
    )
  }
  return token
}

/**
 * Asks the server to send a one-time code by SMS or email; answers when the code expires. When many codes went
 * to the address lately, the server first asks for a proof of work: the browser solves it and asks again, and
 * the member only sees "Checking this browser…" meanwhile.
 */
export async function sendCode(
  destination: Destination,
  purpose: CodePurpose = 'sign-in',
): Promise<{ expiresAt: UnixSeconds }> {
  // A sign-in sends no purpose: it is the server's default, and Privy-shaped servers know no other.
  const extra = purpose === 'sign-in' ? {} : { purpose }
  const init = (token?: string) => {
    const withToken = token === undefined ? extra : { ...extra, token }
    return destination.kind === 'phone'
      ? answerOf(
          api.v1.passwordless_sms.init.$post({
            json: { phoneNumber: destination.phoneNumber, ...withToken },
          }),
        )
      : answerOf(api.v1.passwordless.init.$post({ json: { email: destination.email, ...withToken } }))
  }
  try {
    return { expiresAt: (await init()).expires_at }
  } catch (error) {
    const challenge = challengeOf(error)
    if (!challenge) throw error
    return whileCheckingBrowser(async () => {
      try {
        return { expiresAt: (await init(await solve(challenge))).expires_at }
      } catch (second) {
        // A solution can expire on a slow device: one more try, with the fresh challenge the refusal carries.
        const fresh = challengeOf(second)
        if (!fresh) throw second
        return { expiresAt: (await init(await solve(fresh))).expires_at }
      }
    })
  }
}
