import { queryOptions } from '@tanstack/react-query'
import { failureOf, unreachable } from '../../lib/api.ts'

/**
 * Who pays the member's network fees, as `GET /api/v1/sponsor` answers it: the mode, whether this member is
 * covered, the sponsor's address on each kind of chain, the chains (ids as `/api/v1/chains` gives them, as text)
 * where a USDC send of this member is sponsored now, and what is left of their allowance.
 */
export type SponsorAnswer = {
  mode: 'off' | 'members' | 'organizations'
  covered: boolean
  payer: 'Charter'
  evm: { address: string } | null
  solana: { address: string } | null
  chains: string[]
  allowance: {
    sends_left: number
    sends_per_window: number
    window_hours: number
    /** Unix seconds; null when no sponsored send is in the window. */
    next_free_at: number | null
  }
}

/**
 * `GET /api/v1/sponsor` with the session's cookie. Typed here by hand, in this one place, as the route came with
 * the sponsor after the rest of the web was typed by the server's `AppType`.
 */
export async function getSponsor(): Promise<SponsorAnswer> {
  let response: Response
  try {
    response = await fetch('/api/v1/sponsor', {
      credentials: 'same-origin',
      headers: { accept: 'application/json' },
    })
  } catch (cause) {
    throw unreachable(cause)
  }
  const body: unknown = await response.json().catch(() => undefined)
  if (!response.ok) throw failureOf(response, body)
  return body as SponsorAnswer
}

/**
 * Who pays the fees, read once a minute at most and again whenever the Send screen opens: the allowance moves with
 * each sponsored send. A server without the route, or one that fails, reads as nobody sponsoring: the member
 * then pays their own fee, as before.
 */
export const sponsorQueryOptions = () =>
  queryOptions({ queryKey: ['sponsor'], queryFn: getSponsor, staleTime: 60_000, retry: false })
