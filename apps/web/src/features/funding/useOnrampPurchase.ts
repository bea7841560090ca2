import { useQueryClient } from '@tanstack/react-query'
import { useCallback, useEffect, useRef, useState } from 'react'
import { ApiError } from '../../lib/api.ts'
import { balanceQueryPrefix } from '../balances/index.ts'
import { readOnrampStatus, startOnramp } from './fundingApi.ts'
import type { OnrampOrder, OnrampPurchaseState } from './OnrampPurchase.ts'
import { onrampLink } from './onrampLink.ts'
import { onrampClosedGraceMs, onrampGiveUpMs, onrampPollMs } from './onrampPollMs.ts'

/**
 * A refusal that reading again will not change (no session, not the member's purchase); not a dropped line, a
 * server restarting, or a "slow down" (429), after which the next read may answer.
 */
const isFinal = (error: unknown) =>
  error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 429

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error))

/**
 * One purchase through the on-ramp: `start` opens the provider's window at once (from the click itself, which is
 * what popup blockers let through), asks the server for a session, and points the window at the link the core
 * builds. Then the status is read every 2 s until it ends: a success closes the purchase (counted in
 * `completed`, so the form starts afresh) and reads the balances again; a failure, or the window closed while
 * still pending, ends it too.
 */
export function useOnrampPurchase() {
  const queryClient = useQueryClient()
  const [state, setState] = useState<OnrampPurchaseState>({ status: 'idle' })
  /** How many purchases ended in success: the form starts afresh after each (its key). */
  const [completed, setCompleted] = useState(0)
  const windowRef = useRef<Window | null>(null)
  /** Whether `windowRef` can be watched: a window on another origin reads as closed once it gets there. */
  const watchable = useRef(false)
  const attempt = useRef(0)

  const start = useCallback((order: OnrampOrder) => {
    const opened = window.open('', '_blank')
    const id = ++attempt.current
    windowRef.current = opened
    setState({ status: 'starting', order })
    const { offer, amount } = order
    void (async () => {
      try {
        const session = await startOnramp({
          addresses: [{ address: offer.address, blockchains: [offer.network] }],
          ...(offer.linkAsset !== undefined && { assets: [offer.linkAsset] }),
          ...(amount !== undefined && { amount }),
        })
        const url = onrampLink(order, session, window.location.href)
        if (attempt.current !== id) return
        const open = opened !== null && !opened.closed
        if (open) {
          // The provider's page gets no handle back on Charter's.
          opened.opener = null
          opened.location.href = url.href
        }
        // Charter's pages are cross-origin isolated from their popups (COOP same-origin): one on another
        // origin reads as closed from here at once, so only one on Charter's own origin (the sandbox) is watched.
        watchable.current = open && url.origin === window.location.origin
        setState({
          status: 'waiting',
          order,
          url: url.href,
          partnerUserId: session.partner_user_id,
          blocked: !open,
        })
      } catch (error) {
        opened?.close()
        if (attempt.current !== id) return
        setState({ status: 'error', order, stage: 'start', message: messageOf(error) })
      }
    })()
  }, [])

  const stop = useCallback(() => {
    attempt.current++
    setState((now) => (now.status === 'waiting' ? { status: 'stopped', order: now.order } : now))
  }, [])

  const waiting = state.status === 'waiting' ? state : undefined
  useEffect(() => {
    if (!waiting) return
    const { order, partnerUserId } = waiting
    const startedAt = Date.now()
    let closedAt: number | undefined
    let timer: ReturnType<typeof setTimeout> | undefined
    let ended = false
    const end = (next: OnrampPurchaseState) => {
      if (ended) return
      ended = true
      setState(next)
    }
    const check = async () => {
      const opened = windowRef.current
      if (closedAt === undefined && watchable.current && opened?.closed) closedAt = Date.now()
      try {
        const status = await readOnrampStatus(partnerUserId)
        if (ended) return
        if (status === 'success') {
          end({ status: 'success', order })
          setCompleted((count) => count + 1)
          void queryClient.invalidateQueries({ queryKey: balanceQueryPrefix })
          return
        }
        if (status === 'failure') return end({ status: 'failure', order })
      } catch (error) {
        if (ended) return
        if (isFinal(error)) {
          return end({ status: 'error', order, stage: 'follow', message: messageOf(error) })
        }
      }
      if (closedAt !== undefined && Date.now() - closedAt >= onrampClosedGraceMs) {
        return end({ status: 'closed', order })
      }
      if (Date.now() - startedAt >= onrampGiveUpMs) return end({ status: 'stopped', order })
      timer = setTimeout(() => void check(), onrampPollMs)
    }
    void check()
    return () => {
      ended = true
      clearTimeout(timer)
    }
  }, [waiting, queryClient])

  return { state, start, stop, completed }
}
