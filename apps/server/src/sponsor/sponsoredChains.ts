import { isSupportedChainId, usdcEip712Domain } from '@charter/core'
import type { PublicChain } from '../chains/ServedChain.ts'

/**
 * The chains offered where a USDC send can be sponsored, by the ids `GET /api/v1/chains` gives them: an EVM chain
 * whose USDC has a checked EIP-712 domain (the member signs an EIP-3009 authorisation under it), and a Solana
 * cluster with a USDC mint (the sponsor pays the fee of a plain transfer).
 */
export function sponsoredChains(offered: readonly PublicChain[]): string[] {
  return offered
    .filter((chain) =>
      chain.type === 'solana'
        ? chain.usdc !== null
        : chain.usdc !== null &&
          typeof chain.id === 'number' &&
          isSupportedChainId(chain.id) &&
          usdcEip712Domain(chain.id) !== undefined,
    )
    .map((chain) => String(chain.id))
}
