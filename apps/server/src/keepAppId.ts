import { linkSync, rmSync, writeFileSync } from 'node:fs'
import type { Logger } from './log/logger.ts'
import { readAppIdFile } from './settings/appId.ts'
import { type Settings, SettingsError } from './settings/env.ts'

/**
 * Writes a new app id (APP_ID unset, no file yet: `loadSettings` made one) into `settings.appIdFile`, 0600, once
 * DATA_DIR is ready and before any part hands one out. The file appears whole or not at all (written aside, then
 * linked into place), so a crash cannot leave it empty. A file already there must hold the same id: the one read
 * at start, unless another server on this DATA_DIR wrote one meanwhile.
 */
export function keepAppId(settings: Pick<Settings, 'appId' | 'appIdFile'>, logger: Logger): void {
  const file = settings.appIdFile
  if (!file) return
  const aside = `${file}.${process.pid}.new`
  let code: string | undefined
  try {
    writeFileSync(aside, `${settings.appId}\n`, { mode: 0o600 })
    linkSync(aside, file)
  } catch (error) {
    code = (error as NodeJS.ErrnoException).code ?? String(error)
  } finally {
    rmSync(aside, { force: true })
  }
  if (code === undefined) {
    logger.info(
      `Generated the app id ${settings.appId} in ${file}: give it to your apps (Privy's appId); set APP_ID to choose another.`,
    )
    return
  }
  if (code !== 'EEXIST') {
    throw new SettingsError(
      `Charter cannot start: cannot write the app id to ${file} (${code}). Make DATA_DIR writable by this user, or set APP_ID.`,
    )
  }
  const kept = readAppIdFile(file)
  if (kept && 'appId' in kept && kept.appId === settings.appId) return
  throw new SettingsError(
    `Charter cannot start: ${file} changed while Charter started (another server on the same DATA_DIR?). Start it again.`,
  )
}
