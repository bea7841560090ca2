import { join } from 'node:path'
import { startLocalChains } from '../devnets/startLocalChains.ts'
import type { Logger } from '../log/logger.ts'
import type { OutsideService } from '../parts/Part.ts'
import type { Settings } from '../settings/env.ts'
import type { Chains } from './Chains.ts'
import { createChains } from './createChains.ts'
import { embeddedChains } from './embeddedChains.ts'
import { productionChains } from './productionChains.ts'

/**
 * The chains service from the settings, as the parts registry holds it (`chains` in /api/health): production's
 * remote chains, or in embedded mode the local devnets, which its `start` runs (in `DATA_DIR/chains`) and its
 * `close` stops. Until it has started, and with LOCAL_CHAINS=off, embedded mode offers no chain. Local devnets
 * never run in production mode.
 */
export function chooseChains(options: {
  settings: Pick<Settings, 'mode' | 'chains' | 'localChains' | 'dataDir'>
  logger: Logger
}): OutsideService<Chains> {
  const { settings, logger } = options
  if (settings.mode === 'production') {
    const chains = productionChains({ chains: settings.chains, logger })
    return { name: 'chains', mode: 'production', adapter: chains, describe: () => chains.describe() }
  }
  const none = createChains({ mode: 'embedded', chains: [], logger })
  let running: Chains = none
  // Routes hold the adapter from the start; it answers for the devnets once they run.
  const adapter: Chains = {
    mode: 'embedded',
    get chains() {
      return running.chains
    },
    list: () => running.list(),
    find: (id) => running.find(id),
    health: () => running.health(),
    describe: () => running.describe(),
    close: () => running.close(),
  }
  return {
    name: 'chains',
    mode: 'embedded',
    adapter,
    describe: () =>
      settings.localChains ? adapter.describe() : { status: 'ok', detail: 'off (LOCAL_CHAINS=off)' },
    start: async () => {
      if (!settings.localChains) return
      const local = await startLocalChains({ stateDir: join(settings.dataDir, 'chains'), logger })
      running = embeddedChains({ local, logger })
      // The first /api/health then shows each devnet's height rather than "being read".
      await running.health()
    },
    close: async () => {
      const stopping = running
      running = none
      await stopping.close()
    },
  }
}
