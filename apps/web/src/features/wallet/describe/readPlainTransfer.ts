import { readableAmount } from '@charter/core'
import { decodeFunctionData, erc20Abi, type Hex } from 'viem'
import { formatAmount } from './formatAmount.ts'
import type { PlainTransfer } from './PlainTransfer.ts'
import type { TokenCall } from './TokenCall.ts'

/** What a transaction's fields say, read once by `describeTransaction`. */
type Fields = {
  to: string | undefined
  value: bigint
  data: Hex | undefined
  /** The decoded call to a token Charter knows, if any. */
  tokenCall: TokenCall | undefined
  maxFee: bigint | undefined
  currency: { symbol: string; decimals: number }
  /** Who pays the fee of this call instead of the wallet, when it asks for it and may have it. */
  feePaidBy: string | undefined
}

/**
 * The transaction as a plain transfer (`PlainTransfer`), or undefined when it is anything more: a contract call
 * other than a known token's `transfer`, data after its arguments (signed too, so never hidden under Details), a
 * coin sent along with a token call, or no recipient.
 */
export function readPlainTransfer(fields: Fields): PlainTransfer | undefined {
  const { to, value, data, tokenCall, currency } = fields
  if (to === undefined) return undefined
  const fee =
    fields.maxFee === undefined
      ? undefined
      : `${readableAmount(fields.maxFee, currency.decimals)} ${currency.symbol}`
  if (data === undefined) {
    return {
      amount: `${readableAmount(value, currency.decimals)} ${currency.symbol}`,
      exactAmount: `${formatAmount(value, currency.decimals)} ${currency.symbol}`,
      to,
      chainType: 'ethereum',
      fee,
      feePaidBy: undefined,
    }
  }
  const token = tokenCall?.amount.token.token
  if (tokenCall?.kind !== 'transfer' || tokenCall.extraBytes !== 0 || value !== 0n || !token) return undefined
  if (tokenCall.amount.unlimited) return undefined
  const decoded = decodeFunctionData({ abi: erc20Abi, data })
  if (decoded.functionName !== 'transfer') return undefined
  const [, units] = decoded.args
  return {
    amount: `${readableAmount(units, token.decimals)} ${token.symbol}`,
    exactAmount: `${formatAmount(units, token.decimals)} ${token.symbol}`,
    to: tokenCall.to,
    chainType: 'ethereum',
    fee: fields.feePaidBy === undefined ? fee : undefined,
    feePaidBy: fields.feePaidBy,
  }
}
