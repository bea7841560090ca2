import type { Logger } from '../log/logger.ts'
import type { RemoteChainSetting } from '../settings/chainSettings.ts'
import type { Chains } from './Chains.ts'
import { createChains, type HealthTiming } from './createChains.ts'
import { evmChainInfo, solanaChainInfo } from './publicChainInfo.ts'
import { redactRpcUrl } from './redactRpcUrl.ts'

/** Production: the chains of the settings (`settings.chains`), each reached at its remote URL. */
export function productionChains(options: {
  chains: readonly RemoteChainSetting[]
  logger: Logger
  timing?: HealthTiming
}): Chains {
  const served = options.chains.map((chain) => ({
    info: chain.type === 'ethereum' ? evmChainInfo(chain.id, false) : solanaChainInfo(chain.id, false),
    rpcUrl: chain.rpcUrl,
    local: undefined,
  }))
  options.logger.info('Chains offered', {
    chains: options.chains.map((chain) => `${chain.id} via ${redactRpcUrl(chain.rpcUrl)}`),
  })
  return createChains({
    mode: 'production',
    chains: served,
    logger: options.logger,
    ...(options.timing && { timing: options.timing }),
  })
}
