import type { TokenAmount } from '../../../ui/index.ts'
import { findKnownToken } from './findKnownToken.ts'
import { formatAmount } from './formatAmount.ts'
import { isUnlimitedAmount } from './isUnlimitedAmount.ts'

/** `amount` base units of the token at `address` (checksummed) on `chainId`, as the dialog words it. */
export function toTokenAmount(amount: bigint, address: string, chainId: number | undefined): TokenAmount {
  const token = findKnownToken(chainId, address)
  return {
    unlimited: isUnlimitedAmount(amount),
    amount: token ? formatAmount(amount, token.decimals) : formatAmount(amount, 0),
    token: { address, token },
  }
}
