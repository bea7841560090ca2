import type { EvmMethod } from '../EvmMethod.ts'

/** `net_version`: the provider's chain, in decimal, as older callers ask for it. */
export const netVersion: EvmMethod = (context) => String(context.chainId())
