import { embeddedEvmChainIds, type LocalChains } from '../devnets/LocalChains.ts'
import type { Logger } from '../log/logger.ts'
import type { Chains } from './Chains.ts'
import { createChains, type HealthTiming } from './createChains.ts'
import { evmChainInfo, solanaChainInfo } from './publicChainInfo.ts'

/**
 * Embedded mode: the local devnets for Base Sepolia, Arbitrum Sepolia and Solana devnet, shown with their real
 * names and ids (`local: true`, no explorer). The caller starts them; `close` stops them with the server.
 */
export function embeddedChains(options: {
  local: LocalChains
  logger: Logger
  timing?: HealthTiming
}): Chains {
  const { local } = options
  const served = [
    ...embeddedEvmChainIds.map((id) => ({
      info: evmChainInfo(id, true),
      rpcUrl: local.evm[id].rpcUrl,
      local: local.evm[id],
    })),
    { info: solanaChainInfo('devnet', true), rpcUrl: local.solana.rpcUrl, local: local.solana },
  ]
  return createChains({
    mode: 'embedded',
    chains: served,
    logger: options.logger,
    ...(options.timing && { timing: options.timing }),
  })
}
