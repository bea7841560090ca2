import { parseQuantity } from '../format/parseQuantity.ts'
import { permit2Address } from './readEvmTransaction.ts'
import type { WalletEffect } from './WalletEffect.ts'

/** USDC's EIP-3009 transfer authorisations: a signed transfer anyone holding the signature can submit. */
const transferAuthorisations = new Set(['TransferWithAuthorization', 'ReceiveWithAuthorization'])

/** Typed data as `eth_signTypedData_v4` takes it. */
export type TypedDataToRead = {
  domain: Record<string, unknown>
  message: Record<string, unknown>
  primary_type: string
}

/**
 * What an EIP-712 signature can move out of the wallet, read from the typed data alone: a USDC transfer
 * authorisation (EIP-3009) its `value` in USDC on the domain's chain; a permit of any token (EIP-2612's `Permit`
 * with a spender) or anything for Permit2, in words, as what cannot be weighed: an allowance of any amount that
 * whoever holds the signature can use at once; any other typed data for a contract (a meta-transaction, a Safe
 * transaction, an operator, an order) cannot be weighed either, since the contract acts on it. Typed data that
 * names no contract (a sign-in) moves nothing by itself.
 */
export function readTypedDataEffect(
  typedData: TypedDataToRead,
  /** The USDC contract of each chain this server offers, by chain id. */
  usdcByChain: (chainId: number) => string | undefined,
): WalletEffect {
  const effect: WalletEffect = { moves: [], unweighable: [] }
  const contract =
    typeof typedData.domain.verifyingContract === 'string'
      ? typedData.domain.verifyingContract.toLowerCase()
      : ''
  const chainId = parseQuantity(typedData.domain.chainId)
  if (contract === permit2Address) {
    effect.unweighable.push('a Permit2 signature, which can hand over any token approved to Permit2')
    return effect
  }
  if (typedData.primary_type === 'Permit' && 'spender' in typedData.message) {
    effect.unweighable.push(`a permit for ${String(typedData.message.spender)} to spend the wallet's tokens`)
    return effect
  }
  if (transferAuthorisations.has(typedData.primary_type)) {
    const usdc = chainId === undefined ? undefined : usdcByChain(Number(chainId))
    const value = parseQuantity(typedData.message.value)
    if (usdc === undefined || contract !== usdc.toLowerCase() || value === undefined) {
      effect.unweighable.push('a transfer authorisation for a token or chain that cannot be weighed')
      return effect
    }
    effect.moves.push({ chain: String(chainId), asset: 'usdc', amount: value })
    return effect
  }
  // Anything else addressed to a contract is the contract's to act on: a meta-transaction, a Safe transaction, an
  // operator over every NFT, a forwarded call. What it moves cannot be read off the data.
  if (contract !== '') {
    effect.unweighable.push(
      `a ${typedData.primary_type} signature for the contract ${String(typedData.domain.verifyingContract)}, which may act on it`,
    )
  }
  return effect
}
