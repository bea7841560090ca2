import { getChain } from './getChain.ts'
import { isSupportedChainId } from './isSupportedChainId.ts'

/** 'Base Sepolia', or 'chain 12345' for a chain Charter does not know: how a chain id is shown to a person. */
export function chainName(chainId: number): string {
  return isSupportedChainId(chainId) ? getChain(chainId).name : `chain ${chainId}`
}
