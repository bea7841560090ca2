import { BaseError, type CharterUser, oneTimeCodeRules, toUnixSeconds, type UnixSeconds } from '@charter/core'
import { useQueryClient } from '@tanstack/react-query'
import { useRef, useState } from 'react'
import { ApiError } from '../../lib/api.ts'
import { isSessionEnded } from '../../lib/isSessionEnded.ts'
import { forgetSession, signedOutByServer } from '../session/index.ts'
import type { CodeFlowState, SentCode } from './CodeFlowState.ts'
import type { Destination } from './Destination.ts'
import { isSameDestination } from './isSameDestination.ts'
import { sendCode } from './sendCode.ts'

export type CodeFlowOptions<Result = CharterUser> = {
  /** How a code goes out; by default a sign-in code to the address (`passwordless(_sms)/init`). */
  deliver?: (destination: Destination) => Promise<{ expiresAt: UnixSeconds; sentTo?: string }>
  /** What the code is for: signs in, links or changes (answers the user as the server now has it), or else. */
  complete: (destination: Destination, code: string) => Promise<Result>
  onSuccess?: (result: Result, destination: Destination) => void
  /**
   * The code is not used up when `complete` answers but handed on to a later step (a change's first code), so
   * `reopen` can go back to its screen.
   */
  passesCodeOn?: boolean
}

export type CodeFlow<Result = CharterUser> = {
  state: CodeFlowState<Result>
  /** Sends a code to `destination` (unless one went there moments ago) and moves on to the code screen. */
  send: (destination: Destination) => Promise<void>
  resend: () => Promise<void>
  /** 'ignored' when another request of the flow is still under way. */
  verify: (code: string) => Promise<'accepted' | 'refused' | 'ignored'>
  /** Back to the address, to fix a typo or use another. */
  restart: () => void
  /** Back to the code screen of the last code sent while it still works (see `passesCodeOn`); else to the address. */
  reopen: () => void
}

/** The server's answer, or what the wallet proxy said (in its own words, e.g. to sign out and in), as an ApiError. */
const asApiError = (error: unknown): ApiError => {
  if (error instanceof ApiError) return error
  if (error instanceof BaseError) {
    // A session that ended reaches us wrapped by the proxy: keep the server's answer, which signs the tab out.
    if (error.cause instanceof ApiError && isSessionEnded(error.cause)) return error.cause
    return new ApiError(error.shortMessage, 0, error.code ?? 'unknown_error', { cause: error })
  }
  return new ApiError('Something went wrong. Please try again.', 0, 'unknown_error', { cause: error })
}

/**
 * A 429 on sending that says a code went out for this less than 30 s ago (a step-up code: past a sign-in
 * address's allowance the server asks for the browser check instead, which `sendCode` passes): the code is on
 * its way, so the code screen opens for it. Only a wait within the 30 s window counts; the hourly limits' longer waits, and
 * the client's own allowance, stay errors.
 */
const codeWentOutMomentsAgo = (error: ApiError, destination: Destination): SentCode | undefined => {
  const wait = error.retryAfterSeconds
  if (error.status !== 429 || error.code !== 'too_many_requests' || wait === undefined) return undefined
  if (wait > oneTimeCodeRules.resendWaitSeconds) return undefined
  const now = Date.now()
  const sentAt = now - (oneTimeCodeRules.resendWaitSeconds - wait) * 1000
  return {
    destination,
    sentAt,
    // It works for a code's lifetime (docs/sign-in.md) from when it went out.
    expiresAt: toUnixSeconds(sentAt) + oneTimeCodeRules.lifetimeMinutes * 60,
    resendAt: now + wait * 1000,
    earlier: true,
  }
}

/** Asks for a code, then checks it: the steps every sign-in, link and change share. */
export function useCodeFlow<Result = CharterUser>({
  deliver: deliverCode = (destination) => sendCode(destination),
  complete,
  onSuccess,
  passesCodeOn = false,
}: CodeFlowOptions<Result>): CodeFlow<Result> {
  const queryClient = useQueryClient()
  const [state, setState] = useState<CodeFlowState<Result>>({ status: 'idle' })
  // A ref, not state: an auto-submitted code and an Enter press in the same tick must not both go out.
  const busy = useRef(false)
  // The last code sent, so going back and on again does not ask for a second one the server would refuse.
  const lastSent = useRef<SentCode | undefined>(undefined)

  const fail = (error: unknown) => {
    const apiError = asApiError(error)
    if (isSessionEnded(apiError)) forgetSession(queryClient, signedOutByServer(apiError))
    return apiError
  }

  const deliver = async (destination: Destination): Promise<SentCode> => {
    const { expiresAt, sentTo } = await deliverCode(destination)
    const sentAt = Date.now()
    const sent = {
      destination,
      sentTo,
      sentAt,
      expiresAt,
      resendAt: sentAt + oneTimeCodeRules.resendWaitSeconds * 1000,
    }
    lastSent.current = sent
    return sent
  }

  const run = async (task: () => Promise<void>) => {
    if (busy.current) return
    busy.current = true
    try {
      await task()
    } finally {
      busy.current = false
    }
  }

  const send = (destination: Destination) =>
    run(async () => {
      const recent = lastSent.current
      if (recent && isSameDestination(recent.destination, destination) && Date.now() < recent.resendAt) {
        setState({ status: 'confirming', sent: recent })
        return
      }
      setState({ status: 'pending', action: 'send', destination })
      try {
        setState({ status: 'confirming', sent: await deliver(destination) })
      } catch (error) {
        const apiError = fail(error)
        const earlier = codeWentOutMomentsAgo(apiError, destination)
        if (earlier) {
          lastSent.current = earlier
          setState({ status: 'confirming', sent: earlier })
        } else setState({ status: 'error', action: 'send', destination, error: apiError })
      }
    })

  const resend = () =>
    run(async () => {
      if (!('sent' in state)) return
      const { sent } = state
      setState({ status: 'pending', action: 'resend', sent })
      try {
        setState({ status: 'confirming', sent: await deliver(sent.destination), resent: true })
      } catch (error) {
        const apiError = fail(error)
        // Throttled: wait as long as the server asks before offering to send again.
        const resendAt = apiError.retryAfterSeconds
          ? Date.now() + apiError.retryAfterSeconds * 1000
          : sent.resendAt
        setState({ status: 'error', action: 'resend', sent: { ...sent, resendAt }, error: apiError })
      }
    })

  const verify = async (code: string) => {
    if (busy.current || !('sent' in state)) return 'ignored'
    const { sent } = state
    let outcome: 'accepted' | 'refused' = 'refused'
    await run(async () => {
      setState({ status: 'pending', action: 'verify', sent })
      try {
        const result = await complete(sent.destination, code)
        // A used code is gone: the next flow must ask for a new one.
        if (!passesCodeOn) lastSent.current = undefined
        outcome = 'accepted'
        setState({ status: 'success', result, destination: sent.destination })
        onSuccess?.(result, sent.destination)
      } catch (error) {
        const apiError = fail(error)
        // Tried too many times: the server says when a new code may be asked for, which the screen shows.
        const resendAt =
          apiError.status === 429 && apiError.retryAfterSeconds
            ? Math.max(sent.resendAt, Date.now() + apiError.retryAfterSeconds * 1000)
            : sent.resendAt
        setState({ status: 'error', action: 'verify', sent: { ...sent, resendAt }, error: apiError })
      }
    })
    return outcome
  }

  const restart = () => {
    if (!busy.current) setState({ status: 'idle' })
  }

  const reopen = () => {
    if (busy.current) return
    const sent = lastSent.current
    setState(sent && Date.now() < sent.expiresAt * 1000 ? { status: 'confirming', sent } : { status: 'idle' })
  }

  return { state, send, resend, verify, restart, reopen }
}
