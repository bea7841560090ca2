import type { EvmMethod } from '../EvmMethod.ts'

/**
 * A read the provider does not answer itself (`eth_call`, `eth_getBalance`, …): forwarded as it came to the
 * current chain's node through Charter's RPC proxy, whose answer or error (code and message) the caller gets.
 */
export const chainRead =
  (method: string): EvmMethod =>
  (context, params) =>
    context.read(method, params)
