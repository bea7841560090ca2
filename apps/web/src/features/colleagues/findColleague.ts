import type { Colleague } from './colleaguesApi.ts'

/** The kind of chain a wallet is on, as the server names it. */
export type ChainFamily = 'ethereum' | 'solana'

/**
 * The colleague whose wallet on that kind of chain is `address`: an EVM address whatever its letters' case (a
 * checksum is only a way of writing it), a Solana one exactly (base58 is case-sensitive).
 */
export function findColleague(
  colleagues: readonly Colleague[] | undefined,
  chainType: ChainFamily,
  address: string | undefined,
): Colleague | undefined {
  if (!colleagues || !address) return undefined
  const wanted = chainType === 'ethereum' ? address.toLowerCase() : address
  return colleagues.find((colleague) => {
    const wallet = colleague.wallets[chainType]
    if (wallet === undefined) return false
    return (chainType === 'ethereum' ? wallet.toLowerCase() : wallet) === wanted
  })
}
