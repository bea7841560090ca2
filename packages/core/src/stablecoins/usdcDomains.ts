import type { Address, TypedDataDomain } from 'viem'
import type { SupportedChainId } from '../chains/evmChains.ts'
import { usdcAddresses } from './usdcAddresses.ts'

/**
 * The `name` and `version` of USDC's EIP-712 domain, on the chains where they were checked against a published
 * source that signs real transfers with them (docs/chains.md, "USDC's EIP-712 domain", says which). A permit or
 * an EIP-3009 authorisation signed with another name is refused by the contract, so a chain missing here is one
 * Charter does not sign them for until its domain is read from the contract itself. The local devnets' USDC
 * takes its name from here, so what is signed locally is what the real test network accepts.
 */
const usdcEip712Domains: Partial<Record<SupportedChainId, { name: string; version: string }>> = {
  // Coinbase's x402 (its EVM config and default assets) signs Base Sepolia with "USDC".
  84532: { name: 'USDC', version: '2' },
  // Disputed: one version of x402's EVM config says "USDC", its newer default assets "USD Coin"; the server checks
  // the contract's DOMAIN_SEPARATOR() before it signs (docs/chains.md).
  421614: { name: 'USDC', version: '2' },
  43113: { name: 'USD Coin', version: '2' },
  8453: { name: 'USD Coin', version: '2' },
  137: { name: 'USD Coin', version: '2' },
  42161: { name: 'USD Coin', version: '2' },
  // Read on chain in Coinbase's x402 pull request 244.
  42220: { name: 'USDC', version: '2' },
}

/** USDC's whole EIP-712 domain on `chainId`, or undefined where its name and version were not checked. */
export function usdcEip712Domain(
  chainId: SupportedChainId,
):
  | (TypedDataDomain & { name: string; version: string; chainId: number; verifyingContract: Address })
  | undefined {
  const known = usdcEip712Domains[chainId]
  return known && { ...known, chainId, verifyingContract: usdcAddresses[chainId] }
}

/**
 * EIP-3009's typed data, as Circle's USDC (FiatTokenV2_2) hashes it: the holder signs a transfer that anyone may
 * submit (and pay the gas of) before `validBefore`, once: `nonce` is 32 random bytes, single use per `from`.
 */
export const transferWithAuthorizationTypes = {
  TransferWithAuthorization: [
    { name: 'from', type: 'address' },
    { name: 'to', type: 'address' },
    { name: 'value', type: 'uint256' },
    { name: 'validAfter', type: 'uint256' },
    { name: 'validBefore', type: 'uint256' },
    { name: 'nonce', type: 'bytes32' },
  ],
} as const
