import { formatTokenAmount, readableAmount } from '@charter/core'
import type { ReceivedMoney } from './ReceivedMoney.ts'

/** An amount twice: as a person reads it (6 significant digits, cut) and exact, for whoever asks. */
export type ShownAmount = { readable: string; exact: string }

/** What arrived, as shown: undefined for an amount that is not base units (then nothing is made up). */
export function receivedAmount(
  received: Pick<ReceivedMoney, 'amount' | 'decimals'>,
): ShownAmount | undefined {
  if (!/^\d{1,78}$/.test(received.amount) || !Number.isInteger(received.decimals)) return undefined
  if (received.decimals < 0 || received.decimals > 36) return undefined
  const amount = BigInt(received.amount)
  return {
    readable: readableAmount(amount, received.decimals),
    exact: formatTokenAmount(amount, received.decimals),
  }
}
