/** An asset the new-device budget counts: a chain's own coin, or its USDC. */
export type BudgetAsset = 'native' | 'usdc'

/** Value leaving the wallet: on which chain (the id `GET /chains` gives it), of which asset, how much in base units. */
export type AssetMove = { chain: string; asset: BudgetAsset; amount: bigint }

/**
 * What a request to sign could move out of a wallet, read from the request alone: the moves that can be weighed
 * (fees included at their maximum) and, in words, whatever cannot be (an allowance or a permit of any amount,
 * a call the reader cannot bound, a chain this server does not list). A policy weighs `moves` against limits and
 * treats any `unweighable` entry as more than a limit.
 */
export type WalletEffect = { moves: AssetMove[]; unweighable: string[] }

/** Nothing moves: a plain message. */
export const noEffect = (): WalletEffect => ({ moves: [], unweighable: [] })

/** The moves of `effect` added up per chain and asset, amounts of zero left out. */
export function totalMoves(effect: WalletEffect): AssetMove[] {
  const totals = new Map<string, AssetMove>()
  for (const move of effect.moves) {
    if (move.amount <= 0n) continue
    const key = `${move.chain}:${move.asset}`
    const earlier = totals.get(key)
    totals.set(key, { ...move, amount: (earlier?.amount ?? 0n) + move.amount })
  }
  return [...totals.values()]
}
