import type { SponsorAnswer } from './sponsorApi.ts'

/**
 * Where Charter pays the fee of a send: only a USDC send, on a chain the sponsor lists for this member now, while
 * the member is covered. Undefined (the member pays) otherwise, and while the answer is not in. The sponsor's
 * address on that kind of chain comes along: a Solana send names it as its fee payer.
 */
export function sponsoredSend(
  sponsor: SponsorAnswer | undefined,
  send: { chainId: string; chainType: 'ethereum' | 'solana'; asset: 'native' | 'usdc' },
): { payer: string; address: string } | undefined {
  if (!sponsor?.covered || send.asset !== 'usdc' || !sponsor.chains.includes(send.chainId)) return undefined
  const wallet = send.chainType === 'ethereum' ? sponsor.evm : sponsor.solana
  if (!wallet) return undefined
  return { payer: sponsor.payer, address: wallet.address }
}
