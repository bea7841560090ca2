import type { Logger } from '../../log/logger.ts'
import { stopAnvil } from './anvilProcesses.ts'
import type { DevnetFiles } from './devnetFiles.ts'
import { EvmDevnetError } from './EvmDevnetError.ts'
import { readPidFile, removePidFile } from './pidFile.ts'

/**
 * Before a devnet starts: if its pid file names an anvil still serving the same state file (the server that
 * started it was killed, or forgot to close it), stops that anvil, which writes its state as it goes, so the new
 * one starts from it and never runs beside it. A stale pid file (the process is gone, or the pid now belongs to
 * something else) is simply removed.
 */
export async function stopLeftoverDevnet(chainId: number, files: DevnetFiles, logger: Logger): Promise<void> {
  const leftover = readPidFile(files.pidFile)
  if (!leftover) return
  let stopped: boolean
  try {
    stopped = await stopAnvil(leftover.pid, files.stateFile)
  } catch (cause) {
    throw new EvmDevnetError(chainId, 'could not stop the devnet a previous server left running', {
      details: `pid ${leftover.pid}`,
      cause,
    })
  }
  if (stopped)
    logger.warn('local devnet: stopped the one a previous server left running', {
      chainId,
      pid: leftover.pid,
    })
  removePidFile(files.pidFile)
}
