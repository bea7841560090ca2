import type { Logger } from '../log/logger.ts'
import { type NotSetUp, notSetUp, type OutsideService, outsideService } from '../parts/Part.ts'
import { readCdpKey } from '../settings/cdpKey.ts'
import type { Settings } from '../settings/env.ts'
import { SettingsError } from '../settings/env.ts'
import { coinbaseOnramp } from './coinbaseOnramp.ts'
import type { Onramp } from './Onramp.ts'
import { sandboxOnramp } from './sandboxOnramp.ts'

/** The on-ramp part: the service chosen, or `missing` when this server has none (production without a CDP key). */
export type OnrampService = OutsideService<Onramp> | NotSetUp

/**
 * Who sells: Coinbase when a CDP key is set (CDP_API_KEY_ID, CDP_API_KEY_SECRET, CDP_PROJECT_ID), else the
 * sandbox in embedded mode, else nobody (`missing`; the funding routes answer `not_supported`). /api/health
 * names the service, `coinbase` or `sandbox`, never the key.
 */
export function chooseOnramp(
  settings: Pick<Settings, 'mode' | 'appId' | 'coinbase'>,
  logger: Logger,
): OnrampService {
  const { coinbase } = settings
  if (coinbase) {
    const key = readCdpKey(coinbase.keySecret)
    // The settings checked it already; a key that still cannot be read stops the server, naming the setting.
    if ('problem' in key) throw new SettingsError(`Charter cannot start: CDP_API_KEY_SECRET: ${key.problem}`)
    const adapter = coinbaseOnramp(
      { keyId: coinbase.keyId, key, projectId: coinbase.projectId, apiUrl: coinbase.apiUrl },
      logger,
    )
    return {
      ...outsideService('onramp', 'production', adapter, 'Coinbase Onramp'),
      describe: () => ({ status: 'ok', detail: 'Coinbase Onramp', service: 'coinbase' }),
    }
  }
  if (settings.mode !== 'embedded') return notSetUp('onramp')
  const detail = 'sandbox: credits the local devnets, no money moves'
  return {
    ...outsideService('onramp', 'embedded', sandboxOnramp(settings.appId), detail),
    describe: () => ({ status: 'ok', detail, service: 'sandbox' }),
  }
}
