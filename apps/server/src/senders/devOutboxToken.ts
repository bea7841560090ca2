import { randomBytes } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Logger } from '../log/logger.ts'
import type { Settings } from '../settings/env.ts'

/** The token the dev outbox answers to, and the file it is kept in when Charter made it. */
export type DevOutboxToken = { value: string; file: string | undefined }

/** The file in DATA_DIR that holds the generated token. */
export const devOutboxTokenFileName = 'dev-outbox-token'

/**
 * The dev outbox hands out every member's codes, so it answers only to whoever started the server: to
 * DEV_OUTBOX_TOKEN when it is set, else to a token made in DATA_DIR on first start, a file only this user can
 * read (0600 in a 0700 folder), as the sign-in secret and the master key are. Loopback alone is no guard:
 * every other user of the machine reaches it too.
 */
export function loadDevOutboxToken(settings: Settings, logger: Logger): DevOutboxToken {
  if (settings.devOutboxToken) return { value: settings.devOutboxToken, file: undefined }
  const file = join(settings.dataDir, devOutboxTokenFileName)
  if (existsSync(file)) return { value: readFileSync(file, 'utf8').trim(), file }
  mkdirSync(settings.dataDir, { recursive: true })
  const value = randomBytes(16).toString('hex')
  writeFileSync(file, `${value}\n`, { mode: 0o600, flag: 'wx' })
  logger.info(`Generated the dev outbox token in ${file}.`)
  return { value, file }
}
