import { queryOptions } from '@tanstack/react-query'
import { type Answer, answerOf, api } from '../../lib/api.ts'

/** `GET /api/v1/sponsor` with the session's cookie, typed by the server's own route. */
export const getSponsor = async () => answerOf(api.v1.sponsor.$get())

/**
 * Who pays the member's network fees, as the server answers it: the mode, whether this member is covered, the
 * sponsor's address on each kind of chain, the chains (ids as `/api/v1/chains` gives them, as text) where a USDC
 * send of this member is sponsored now, and what is left of their allowance (`next_free_at` in Unix seconds).
 */
export type SponsorAnswer = Answer<Awaited<ReturnType<typeof api.v1.sponsor.$get>>>

/**
 * Who pays the fees, read once a minute at most and again whenever the Send screen opens: the allowance moves with
 * each sponsored send. A server that cannot say leaves the fee to the member's wallet, as before sponsorship.
 */
export const sponsorQueryOptions = () =>
  queryOptions({ queryKey: ['sponsor'], queryFn: getSponsor, staleTime: 60_000, retry: false })
