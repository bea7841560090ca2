import { readableAmount } from '@charter/core'

/** A receive line's words: "Received 2.5 USDC from Ana Lopez" (the amount as a person reads it). */
export function receivedSummary(amount: bigint, decimals: number, symbol: string, from: string): string {
  return `Received ${readableAmount(amount, decimals)} ${symbol} from ${from}`
}
