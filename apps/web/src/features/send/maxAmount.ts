/**
 * The most that can be sent: all of a token, or of a native coin all but the most the fee can be (never below
 * 0). Undefined while the balance, or a native send's fee, is unknown.
 */
export function maxAmount(
  balance: bigint | undefined,
  native: boolean,
  maxFee: bigint | undefined,
): bigint | undefined {
  if (balance === undefined) return undefined
  if (!native) return balance
  if (maxFee === undefined) return undefined
  return balance > maxFee ? balance - maxFee : 0n
}
