import { createHash, randomBytes } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Logger } from '../log/logger.ts'
import type { Settings } from '../settings/env.ts'

/** The file in DATA_DIR that holds the generated pinning key. */
export const pinningKeyFileName = 'pinning-key'

export const sha256Hex = (text: string) => createHash('sha256').update(text).digest('hex')

/**
 * The digests of every key Charter's pinning service accepts. PINNING_API_KEYS set: those keys' digests (the
 * server pins its own documents in process, with no key). Unset, in embedded mode: a key made in DATA_DIR on
 * first start, a file only this user can read (0600 in a 0700 folder), as the dev outbox token is, so whoever
 * started the server can pin with it (`curl -H "Authorization: Bearer $(cat .data/pinning-key)"`).
 */
export function loadPinningKeys(settings: Settings, logger: Logger): { digests: string[] } {
  if (settings.pinning.apiKeyDigests.length > 0) return { digests: [...settings.pinning.apiKeyDigests] }
  const file = join(settings.dataDir, pinningKeyFileName)
  let key: string
  if (existsSync(file)) key = readFileSync(file, 'utf8').trim()
  else {
    mkdirSync(settings.dataDir, { recursive: true })
    key = randomBytes(32).toString('hex')
    writeFileSync(file, `${key}\n`, { mode: 0o600, flag: 'wx' })
    logger.info(`Generated the pinning service's key in ${file}.`)
  }
  return { digests: [sha256Hex(key)] }
}
