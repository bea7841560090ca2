import type { Settings } from '../env.ts'
import type { Logger } from '../logger.ts'
import type { OutsideService } from '../parts/Part.ts'
import type { Chains } from './Chains.ts'
import { embeddedChains, type LocalChains } from './embeddedChains.ts'
import { productionChains } from './productionChains.ts'

/**
 * The chains service from the settings, as the parts registry holds it (`chains` in /api/health): production's
 * remote chains, or in embedded mode the local devnets, which the caller has started (`startEvmDevnet`,
 * `startSolanaDevnet`) and passes in. Local devnets never run in production: passing them there is a bug.
 */
export function chooseChains(options: {
  settings: Pick<Settings, 'mode' | 'chains'>
  logger: Logger
  local: LocalChains | undefined
}): OutsideService<Chains> {
  const { settings, logger, local } = options
  if (settings.mode === 'production' && local) throw new Error('Local devnets never run in production mode')
  if (settings.mode === 'embedded' && !local) throw new Error('Embedded mode needs its local devnets started')
  const chains =
    settings.mode === 'production'
      ? productionChains({ chains: settings.chains, logger })
      : embeddedChains({ local: local as LocalChains, logger })
  return { name: 'chains', mode: chains.mode, adapter: chains, describe: () => chains.describe() }
}
