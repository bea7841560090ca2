import { readableAmount } from '@charter/core'
import type { ShownAmount } from './receivedAmount.ts'

/** A send's line as the server words it: "Sent 0.999903711162903058 ETH to 0x… on Base Sepolia". */
const sentLine = /^Sent (\d{1,40})(?:\.(\d{1,36}))? (?=\S)/

/**
 * The amount at the start of a send's line, as a person reads it and exact, and where in the line it stands;
 * undefined when the line does not start with one. The server writes the exact amount; the list shows it as
 * every other amount is shown.
 */
export function sentAmount(summary: string): (ShownAmount & { start: number; end: number }) | undefined {
  const match = sentLine.exec(summary)
  if (!match) return undefined
  const whole = match[1] ?? '0'
  const fraction = match[2] ?? ''
  const exact = fraction === '' ? whole : `${whole}.${fraction}`
  const start = 'Sent '.length
  return {
    readable: readableAmount(BigInt(`${whole}${fraction}`), fraction.length),
    exact,
    start,
    end: start + exact.length,
  }
}
