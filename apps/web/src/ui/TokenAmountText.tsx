import { FullAddress } from './FullAddress.tsx'
import type { TokenAmount } from './TokenAmount.ts'

/** '12.5 USDC', 'unlimited USDC', or in base units of a token Charter does not know, named by its address. */
export function TokenAmountText({ amount }: { amount: TokenAmount }) {
  const { token } = amount.token
  if (token)
    return (
      <strong>{amount.unlimited ? `unlimited ${token.symbol}` : `${amount.amount} ${token.symbol}`}</strong>
    )
  return (
    <>
      <strong>{amount.unlimited ? 'an unlimited amount' : `${amount.amount} base units`}</strong> of the token
      at <FullAddress address={amount.token.address} />
    </>
  )
}
