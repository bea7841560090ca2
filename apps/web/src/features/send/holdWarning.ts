import { parseAmount } from '@charter/core'
import type { SignatureWarning } from '../wallet/index.ts'

/** The chain's new-device limits, as `GET /chains` may give them (whole units; USDC null: none). */
export type NewDeviceSendLimit = { native: string; usdc: string | null }

/**
 * The warning that a send will be held, when this session is still in its new-device hold (`holdEndsAt`, Unix
 * seconds, from `GET /held_actions`) and the amount is above the chain's limit for that asset. Nothing when the
 * server names no limit, or the session is not held.
 */
export function holdWarning(input: {
  limit: NewDeviceSendLimit | undefined
  holdEndsAt: number | null | undefined
  asset: 'native' | 'usdc'
  amount: bigint
  decimals: number
  symbol: string
}): Extract<SignatureWarning, { kind: 'held-send' }> | undefined {
  const { limit, holdEndsAt } = input
  if (!limit || !holdEndsAt || holdEndsAt * 1000 <= Date.now()) return undefined
  const text = input.asset === 'native' ? limit.native : limit.usdc
  if (text === null || text === undefined) return undefined
  let most: bigint
  try {
    most = parseAmount(text, input.decimals, { allowZero: true })
  } catch {
    return undefined
  }
  if (input.amount <= most) return undefined
  return { kind: 'held-send', opensAt: holdEndsAt, limit: `${text} ${input.symbol}` }
}
