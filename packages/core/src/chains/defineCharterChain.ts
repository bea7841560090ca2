import type { Chain } from 'viem'

/**
 * Adds the `network` slug to a viem chain. Everything else is kept, formatters and serializers included,
 * so Celo's fee-currency fields and the OP-stack deposit transactions still parse in viem's clients.
 */
export function defineCharterChain<const chain extends Chain, const network extends string>(
  chain: chain,
  network: network,
): chain & { network: network } {
  return { ...chain, network }
}
