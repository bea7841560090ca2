import { totalMoves, type WalletEffect } from '@charter/core'
import type { SignatureWarning } from '../describe/SignatureWarning.ts'

/** What the member's new devices used of one chain's budget, as `GET /held_actions` gives it (`budget`). */
type BudgetUse = { chain: string; asset: 'native' | 'usdc'; limit: string; used: string }

/** A decimal amount in base units ("0.05" with 18 decimals); undefined when it is not one. */
function baseUnits(text: string, decimals: number): bigint | undefined {
  const match = /^(\d+)(?:\.(\d+))?$/.exec(text)
  if (!match) return undefined
  const fraction = (match[2] ?? '').padEnd(decimals, '0').slice(0, decimals)
  return BigInt(match[1] as string) * 10n ** BigInt(decimals) + BigInt(fraction || '0')
}

/**
 * The warning that the server will hold this request, as its policy would: from a session still within its
 * new-device hold (`holdEndsAt`, Unix seconds), a request that moves something Charter cannot weigh, or more of a
 * chain's coin or USDC than its new devices have left of the budget they used (`budget`). Undefined otherwise, and
 * for a chain whose budget no new device used yet (the server's answer then says so, if it holds it).
 */
export function heldRequestWarning(
  effect: WalletEffect | undefined,
  hold: { holdEndsAt: number | null | undefined; budget: readonly BudgetUse[] | undefined },
): Extract<SignatureWarning, { kind: 'held-request' }> | undefined {
  const { holdEndsAt } = hold
  if (!effect || !holdEndsAt || holdEndsAt * 1000 <= Date.now()) return undefined
  const [unweighable] = effect.unweighable
  if (unweighable !== undefined) {
    return {
      kind: 'held-request',
      opensAt: holdEndsAt,
      why: `Charter cannot weigh what it signs (${unweighable})`,
    }
  }
  for (const move of totalMoves(effect)) {
    const use = hold.budget?.find((each) => each.chain === move.chain && each.asset === move.asset)
    if (!use) continue
    const decimals = move.asset === 'usdc' ? 6 : 18
    const limit = baseUnits(use.limit, decimals)
    const used = baseUnits(use.used, decimals)
    if (limit !== undefined && used !== undefined && used + move.amount > limit) {
      return {
        kind: 'held-request',
        opensAt: holdEndsAt,
        why: `it moves more than what is left of what new devices may move at once (${use.limit}, of which ${use.used} went already)`,
      }
    }
  }
  return undefined
}
