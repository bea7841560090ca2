import { parseQuantity, usdcAddresses } from '@charter/core'

const uint256Max = 2n ** 256n - 1n
/** Uniswap's Permit2, the same address on every chain: a signature to it can hand over any token it was approved. */
const permit2 = '0x000000000022d473030f116ddee9f6b43ac78ba3'
const usdcContracts = new Set(Object.values(usdcAddresses).map((address) => address.toLowerCase()))
/** USDC's own signed grants: EIP-2612's permit and EIP-3009's transfer authorisations, each with a `value`. */
const grants = new Set(['Permit', 'TransferWithAuthorization', 'ReceiveWithAuthorization'])

/**
 * How much USDC a typed-data signature puts within someone else's reach, for the new-device limit: a USDC permit
 * or transfer authorisation its `value` (anyone holding the signature can use it at once, no transaction of the
 * member's needed); a Permit2 signature all of it, since its token and amount are the spender's to name; else 0.
 */
export function usdcSignatureAtStake(typedData: {
  domain: Record<string, unknown>
  message: Record<string, unknown>
  primary_type: string
}): bigint {
  const contract = typedData.domain.verifyingContract
  if (typeof contract !== 'string') return 0n
  if (contract.toLowerCase() === permit2) return uint256Max
  if (!usdcContracts.has(contract.toLowerCase()) || !grants.has(typedData.primary_type)) return 0n
  return parseQuantity(typedData.message.value) ?? uint256Max
}
