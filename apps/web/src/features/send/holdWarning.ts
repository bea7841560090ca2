import { parseAmount } from '@charter/core'
import type { SignatureWarning } from '../wallet/index.ts'

/** The chain's new-device limits, as `GET /chains` may give them (whole units; USDC null: none). */
export type NewDeviceSendLimit = { native: string; usdc: string | null }

/** What the member's new devices used of one chain's budget, as `GET /held_actions` gives it (`budget`). */
export type BudgetUse = { chain: string; asset: 'native' | 'usdc'; used: string }

/**
 * The warning that a send will be held, when this session is still in its new-device hold (`holdEndsAt`, Unix
 * seconds, from `GET /held_actions`) and what it moves (`amount`, with the most its fee can be when the fee is
 * paid in the same asset) is more than what is left of the new devices' budget on that chain: the limit less
 * what new devices moved already (`used`). Nothing when the server names no limit, or the session is not held.
 */
export function holdWarning(input: {
  limit: NewDeviceSendLimit | undefined
  holdEndsAt: number | null | undefined
  /** The chain's id as `GET /chains` gives it (`84532`, `devnet`). */
  chain: string
  budget: readonly BudgetUse[] | undefined
  asset: 'native' | 'usdc'
  amount: bigint
  decimals: number
  symbol: string
}): Extract<SignatureWarning, { kind: 'held-send' }> | undefined {
  const { limit, holdEndsAt } = input
  if (!limit || !holdEndsAt || holdEndsAt * 1000 <= Date.now()) return undefined
  const text = input.asset === 'native' ? limit.native : limit.usdc
  if (text === null || text === undefined) return undefined
  const usedText = input.budget?.find((use) => use.chain === input.chain && use.asset === input.asset)?.used
  let most: bigint
  let used: bigint
  try {
    most = parseAmount(text, input.decimals, { allowZero: true })
    used = usedText ? parseAmount(usedText, input.decimals, { allowZero: true }) : 0n
  } catch {
    return undefined
  }
  if (used + input.amount <= most) return undefined
  return {
    kind: 'held-send',
    opensAt: holdEndsAt,
    limit: `${text} ${input.symbol}`,
    ...(usedText && used > 0n && { used: `${usedText} ${input.symbol}` }),
  }
}
