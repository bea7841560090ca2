/** The sum of USDC amounts that may differ in decimals, in the largest of them (no precision lost). */
export function sumUsdc(amounts: readonly { amount: bigint; decimals: number }[]): {
  amount: bigint
  decimals: number
} {
  const decimals = Math.max(6, ...amounts.map((one) => one.decimals))
  const amount = amounts.reduce((sum, one) => sum + one.amount * 10n ** BigInt(decimals - one.decimals), 0n)
  return { amount, decimals }
}
