import { Hono } from 'hono'
import type { Chains } from '../chains/Chains.ts'
import { requireSession, type SessionVariables, sessionRequired } from '../members/sessionMiddleware.ts'
import type { Sponsor, SponsorMode } from './Sponsor.ts'
import { sponsoredChains } from './sponsoredChains.ts'

/** `GET /api/v1/sponsor`: whether the member's fees are paid, where, by whom, and what is left of their allowance. */
export type SponsorAnswer = {
  mode: SponsorMode
  covered: boolean
  payer: 'Charter'
  evm: { address: string } | null
  solana: { address: string } | null
  /** Where a USDC send of this member is sponsored now, by the ids `GET /api/v1/chains` gives; empty when not covered. */
  chains: string[]
  allowance: {
    sends_left: number
    sends_per_window: number
    window_hours: number
    /** Unix seconds: when the oldest sponsored send in the window leaves it; null when none is in it. */
    next_free_at: number | null
  }
}

/**
 * What the signed-in member needs to send without the chain's coin: whether the sponsor covers them, its addresses
 * (a Solana transaction names its fee payer), the chains where a USDC send is sponsored, and their allowance. Every
 * member sees the same addresses; only their own allowance.
 */
export function sponsorRoutes(options: { sponsor: Sponsor; chains: Chains }) {
  const { sponsor, chains } = options
  return new Hono<{ Variables: SessionVariables }>().get('/sponsor', sessionRequired, async (c) => {
    const { userId } = requireSession(c)
    const covered = await sponsor.covers(userId)
    const allowance = await sponsor.allowance(userId)
    const evm = sponsor.address('ethereum')
    const solana = sponsor.address('solana')
    return c.json<SponsorAnswer>({
      mode: sponsor.mode,
      covered,
      payer: 'Charter',
      evm: evm ? { address: evm } : null,
      solana: solana ? { address: solana } : null,
      chains: covered ? sponsoredChains(chains.list()) : [],
      allowance: {
        sends_left: covered ? allowance.sendsLeft : 0,
        sends_per_window: allowance.sendsPerWindow,
        window_hours: allowance.windowHours,
        next_free_at: allowance.nextFreeAt ? Math.floor(allowance.nextFreeAt.getTime() / 1000) : null,
      },
    })
  })
}
