import { existsSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { isAnvilFor } from '../apps/server/src/devnets/evmDevnet/anvilProcesses.ts'
import { devnetFiles } from '../apps/server/src/devnets/evmDevnet/devnetFiles.ts'
import { embeddedEvmChainIds } from '../apps/server/src/devnets/LocalChains.ts'

/**
 * The pids of the anvils still serving a server's devnets (`DATA_DIR/chains`, as embedded mode places them),
 * found by their command line, not by the pid files a crashed server might have left stale. Linux only (/proc);
 * elsewhere none are found.
 */
export function leftoverAnvils(dataDir: string): number[] {
  if (!existsSync('/proc/self/cmdline')) return []
  const stateFiles = embeddedEvmChainIds.map((id) => devnetFiles(join(dataDir, 'chains'), id).stateFile)
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .map(Number)
    .filter((pid) => stateFiles.some((stateFile) => isAnvilFor(pid, stateFile)))
}
