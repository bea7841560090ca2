import type { EvmMethod } from '../EvmMethod.ts'

/**
 * `net_version`: the provider's chain, in decimal, as older callers ask for it. Answered here, not by the node:
 * every chain Charter offers has its network id equal to its chain id.
 */
export const netVersion: EvmMethod = async (context) => String((await context.chain()).id)
