import type { Db } from '../db/Database.ts'
import type { Logger } from '../log/logger.ts'
import { type NotSetUp, notSetUp, type OutsideService, outsideService } from '../parts/Part.ts'
import type { Settings } from '../settings/env.ts'
import { type CharterPinning, charterPinning } from './charterPinning.ts'
import { documentSizeLimit } from './documentSizeLimit.ts'
import { ownPinning } from './ownPinning.ts'
import type { Pinning } from './Pinning.ts'
import { pinataPinning } from './pinataPinning.ts'
import { loadPinningKeys } from './pinningKey.ts'

/** The pinning part: the service chosen, or `missing` when this server has none (production, nothing set). */
export type PinningService = OutsideService<Pinning> | NotSetUp

/**
 * Which service pins the server's documents: Pinata when PINATA_JWT is set, else Charter's own (always in
 * embedded mode, with a key generated into DATA_DIR; in production with PINNING_API_KEYS). Charter's own service
 * and its gateway run whenever it has keys, beside Pinata too, for the documents it pinned.
 */
export function choosePinning({
  settings,
  db,
  logger,
}: {
  settings: Settings
  db: Db
  logger: Logger
}): PinningService {
  const runsOwn = settings.mode === 'embedded' || settings.pinning.apiKeyDigests.length > 0
  const keys = runsOwn ? loadPinningKeys(settings, logger) : undefined
  const own: CharterPinning | undefined =
    keys &&
    charterPinning({ db, keyDigests: keys.digests, sizeLimit: documentSizeLimit(settings.pinning.maxBytes) })
  const { pinata } = settings.pinning
  if (pinata) {
    return {
      ...outsideService<Pinning>('pinning', 'production', pinataPinning(pinata, own), 'Pinata'),
      describe: () => ({ status: 'ok', detail: 'Pinata', service: 'pinata' }),
    }
  }
  if (!own) return notSetUp('pinning')
  return {
    ...outsideService<Pinning>(
      'pinning',
      settings.mode,
      ownPinning(own, settings.publicUrl?.origin),
      "Charter's own pinning service and gateway",
    ),
    describe: () => ({
      status: 'ok',
      detail: "Charter's own pinning service and gateway",
      service: 'charter',
    }),
  }
}
