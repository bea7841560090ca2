import type { CharterUser } from '@charter/core'
import { useQueryClient } from '@tanstack/react-query'
import { useRef, useState } from 'react'
import { ApiError } from '../../lib/api.ts'
import type { CodeFlowState, SentCode } from './CodeFlowState.ts'
import type { Destination } from './Destination.ts'
import { forgetSession } from './forgetSession.ts'
import { isSameDestination } from './isSameDestination.ts'
import { isSessionEnded } from './isSessionEnded.ts'
import { resendDelayMs } from './resendDelayMs.ts'
import { sendCode } from './sendCode.ts'

export type CodeFlowOptions = {
  /** What the code is for: signs in, links or changes; answers the user as the server now has it. */
  complete: (destination: Destination, code: string) => Promise<CharterUser>
  onSuccess?: (user: CharterUser, destination: Destination) => void
}

export type CodeFlow = {
  state: CodeFlowState
  /** Sends a code to `destination` (unless one went there moments ago) and moves on to the code screen. */
  send: (destination: Destination) => Promise<void>
  resend: () => Promise<void>
  /** 'ignored' when another request of the flow is still under way. */
  verify: (code: string) => Promise<'accepted' | 'refused' | 'ignored'>
  /** Back to the address, to fix a typo or use another. */
  restart: () => void
}

const asApiError = (error: unknown): ApiError =>
  error instanceof ApiError
    ? error
    : new ApiError('Something went wrong. Please try again.', 0, 'unknown_error', { cause: error })

/** Asks for a code, then checks it: the steps every sign-in, link and change share. */
export function useCodeFlow({ complete, onSuccess }: CodeFlowOptions): CodeFlow {
  const queryClient = useQueryClient()
  const [state, setState] = useState<CodeFlowState>({ status: 'idle' })
  // A ref, not state: an auto-submitted code and an Enter press in the same tick must not both go out.
  const busy = useRef(false)
  // The last code sent, so going back and on again does not ask for a second one the server would refuse.
  const lastSent = useRef<SentCode | undefined>(undefined)

  const fail = (error: unknown) => {
    if (isSessionEnded(error)) forgetSession(queryClient)
    return asApiError(error)
  }

  const deliver = async (destination: Destination): Promise<SentCode> => {
    const { expiresAt } = await sendCode(destination)
    const sentAt = Date.now()
    const sent = { destination, sentAt, expiresAt, resendAt: sentAt + resendDelayMs }
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
        setState({ status: 'error', action: 'send', destination, error: fail(error) })
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
        const user = await complete(sent.destination, code)
        // A used code is gone: the next flow must ask for a new one.
        lastSent.current = undefined
        outcome = 'accepted'
        setState({ status: 'success', user, destination: sent.destination })
        onSuccess?.(user, sent.destination)
      } catch (error) {
        setState({ status: 'error', action: 'verify', sent, error: fail(error) })
      }
    })
    return outcome
  }

  const restart = () => {
    if (!busy.current) setState({ status: 'idle' })
  }

  return { state, send, resend, verify, restart }
}
