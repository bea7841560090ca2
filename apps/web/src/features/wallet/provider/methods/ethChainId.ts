import type { EvmMethod } from '../EvmMethod.ts'
import { toHexChainId } from '../toHexChainId.ts'

/** `eth_chainId`: the provider's chain, as 0x hex. */
export const ethChainId: EvmMethod = async (context) => toHexChainId((await context.chain()).id)
