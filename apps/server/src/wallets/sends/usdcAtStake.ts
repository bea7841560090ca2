import { decodeFunctionData, erc20Abi, type Hex } from 'viem'

const uint256Max = 2n ** 256n - 1n

/**
 * How much USDC a call puts within someone else's reach, for the new-device limit: a `transfer`, an `approve` or a
 * `transferFrom` its amount; any other call to the USDC contract (a permit, an authorisation, calldata that does
 * not decode) all of it, since what it grants cannot be read off the call. Zero for a call to anything else.
 */
export function usdcAtStake(
  to: string | undefined,
  data: string | undefined,
  usdc: string | undefined,
): bigint {
  if (!usdc || !to || !data || data === '0x' || to.toLowerCase() !== usdc.toLowerCase()) return 0n
  try {
    const decoded = decodeFunctionData({ abi: erc20Abi, data: data as Hex })
    if (decoded.functionName === 'transfer' || decoded.functionName === 'approve') return decoded.args[1]
    if (decoded.functionName === 'transferFrom') return decoded.args[2]
    return 0n
  } catch {
    return uint256Max
  }
}
