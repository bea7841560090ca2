import { randomBytes } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Logger } from '../log/logger.ts'
import type { Settings } from '../settings/env.ts'

/**
 * The secret that signs access tokens and keys the digests of one-time codes. Production sets AUTH_SECRET
 * (every replica the same); embedded mode makes one in the data folder on first start and says so.
 */
export function loadAuthSecret(settings: Settings, logger: Logger): string {
  if (settings.authSecret) return settings.authSecret
  const path = join(settings.dataDir, 'auth-secret')
  if (existsSync(path)) return readFileSync(path, 'utf8').trim()
  mkdirSync(settings.dataDir, { recursive: true })
  const secret = randomBytes(32).toString('hex')
  writeFileSync(path, `${secret}\n`, { mode: 0o600, flag: 'wx' })
  logger.warn(`Generated a sign-in secret in ${path}. Fine on this machine; production sets AUTH_SECRET.`)
  return secret
}
