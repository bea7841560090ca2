import { InvalidAmountError, parseAmount, readableAmount } from '@charter/core'

export type AmountCheck = { ok: true; amount: bigint } | { ok: false; error: string | undefined }

/**
 * The amount typed (core's parsing: '.5', '1,000.25'), checked against what the wallet holds: of a native coin,
 * the amount and the most the fee can be; of a token, the amount (the fee is paid in the native coin, which
 * `feeCoinNeeded` weighs, as fee sponsorship may pay it instead). Empty is no error yet.
 */
export function checkAmount(input: {
  text: string
  decimals: number
  symbol: string
  balance: bigint | undefined
  /** The most the fee can be, in the native coin; undefined until estimated. */
  maxFee: bigint | undefined
  native: boolean
  /** The least the chain takes, and why (SOL to a new account must pay its rent exemption). */
  minimum?: { amount: bigint; why: string } | undefined
}): AmountCheck {
  if (input.text.trim() === '') return { ok: false, error: undefined }
  let amount: bigint
  try {
    amount = parseAmount(input.text, input.decimals, { symbol: input.symbol })
  } catch (error) {
    if (error instanceof InvalidAmountError) return { ok: false, error: error.message }
    throw error
  }
  const shown = (value: bigint) => `${readableAmount(value, input.decimals)} ${input.symbol}`
  if (input.minimum && amount < input.minimum.amount) {
    return { ok: false, error: `Send at least ${shown(input.minimum.amount)}: ${input.minimum.why}` }
  }
  if (input.balance !== undefined && amount > input.balance) {
    return { ok: false, error: `That is more than you have: ${shown(input.balance)}.` }
  }
  const fee = input.maxFee ?? 0n
  if (input.native && input.balance !== undefined && amount + fee > input.balance) {
    return {
      ok: false,
      error: `With the fee of up to ${shown(fee)}, that is more than you have (${shown(input.balance)}). Press Max to send all you can.`,
    }
  }
  return { ok: true, amount }
}
