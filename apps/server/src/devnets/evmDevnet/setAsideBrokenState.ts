import { existsSync, readFileSync, renameSync } from 'node:fs'

/**
 * anvil rewrites its state file in place (truncate, then write), so a kill -9 or a power cut in the middle of a
 * dump can leave half a file, and anvil refuses to start on a file it cannot parse. Such a file is renamed
 * aside (kept, for whoever wants to look) and the devnet starts empty. Returns the new name, or undefined when
 * the file is absent or whole.
 */
export function setAsideBrokenState(stateFile: string): string | undefined {
  if (!existsSync(stateFile)) return undefined
  try {
    JSON.parse(readFileSync(stateFile, 'utf8'))
    return undefined
  } catch {
    const aside = `${stateFile}.broken-${new Date().toISOString().replaceAll(':', '-')}`
    renameSync(stateFile, aside)
    return aside
  }
}
