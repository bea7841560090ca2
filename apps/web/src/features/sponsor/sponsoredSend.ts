import type { SponsorAnswer } from './sponsorApi.ts'

/**
 * Where Charter pays the fee of a send: only a USDC send, on a chain the sponsor lists for this member now, while
 * the member is covered and has sponsored sends left. Undefined (the member pays) otherwise, and while the answer
 * is not in. The sponsor's address on that kind of chain comes along: a Solana send names it as its fee payer.
 */
export function sponsoredSend(
  sponsor: SponsorAnswer | undefined,
  send: { chainId: string; chainType: 'ethereum' | 'solana'; asset: 'native' | 'usdc' },
): { payer: string; address: string } | undefined {
  if (!sponsor?.covered || send.asset !== 'usdc' || !sponsor.chains.includes(send.chainId)) return undefined
  if (sponsor.allowance.sends_left <= 0) return undefined
  const wallet = send.chainType === 'ethereum' ? sponsor.evm : sponsor.solana
  if (!wallet) return undefined
  return { payer: sponsor.payer, address: wallet.address }
}

/**
 * When Charter pays this member's fees again (Unix seconds), once the sends it pays for have run out for now;
 * undefined while some are left, or for a member it does not cover.
 */
export const sponsoredAgainAt = (sponsor: SponsorAnswer | undefined): number | undefined =>
  sponsor?.covered && sponsor.allowance.sends_left <= 0
    ? (sponsor.allowance.next_free_at ?? undefined)
    : undefined
