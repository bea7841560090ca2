import { createHash, createHmac, randomBytes } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Logger } from '../log/logger.ts'
import type { Settings } from '../settings/env.ts'

/** The file in DATA_DIR that holds the generated pinning key. */
export const pinningKeyFileName = 'pinning-key'

export const sha256Hex = (text: string) => createHash('sha256').update(text).digest('hex')

/**
 * The server's own key, and the digests of every key its pinning service accepts. PINNING_API_KEYS set: those
 * keys (as digests) and one derived from the sign-in secret for the server itself, the same on every replica and
 * never written down (still accepted, though the server now pins its own documents in process, with no key). Unset, in embedded mode: a key made in DATA_DIR on first
 * start, a file only this user can read (0600 in a 0700 folder), as the dev outbox token is, so whoever started
 * the server can pin with it too (`curl -H "Authorization: Bearer $(cat .data/pinning-key)"`).
 */
export function loadPinningKeys(
  settings: Settings,
  authSecret: string,
  logger: Logger,
): { ownKey: string; digests: string[] } {
  if (settings.pinning.apiKeyDigests.length > 0) {
    const ownKey = createHmac('sha256', authSecret).update('charter pinning key').digest('hex')
    return { ownKey, digests: [...settings.pinning.apiKeyDigests, sha256Hex(ownKey)] }
  }
  const file = join(settings.dataDir, pinningKeyFileName)
  let ownKey: string
  if (existsSync(file)) ownKey = readFileSync(file, 'utf8').trim()
  else {
    mkdirSync(settings.dataDir, { recursive: true })
    ownKey = randomBytes(32).toString('hex')
    writeFileSync(file, `${ownKey}\n`, { mode: 0o600, flag: 'wx' })
    logger.info(`Generated the pinning service's key in ${file}.`)
  }
  return { ownKey, digests: [sha256Hex(ownKey)] }
}
