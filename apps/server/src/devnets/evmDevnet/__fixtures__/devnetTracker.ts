import { readdirSync, rmSync } from 'node:fs'
import { mkdtemp } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { SupportedChainId } from '@charter/core'
import { createLogger } from '../../../log/logger.ts'
import type { LocalChain } from '../../LocalChain.ts'
import { commandLineOf, isAnvilFor } from '../anvilProcesses.ts'
import { devnetFiles } from '../devnetFiles.ts'
import { readPidFile } from '../pidFile.ts'
import { startEvmDevnet } from '../startEvmDevnet.ts'

/** Every anvil process serving `stateFile` on this machine right now, by pid (Linux: from /proc). */
export function anvilsServing(stateFile: string): number[] {
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .map(Number)
    .filter((pid) => isAnvilFor(pid, stateFile))
}

/**
 * Starts devnets in temporary directories for a test file and remembers every anvil pid they ran, so `cleanUp`
 * (in afterAll) stops each by its pid, including those a test left running on purpose, and removes the directories.
 */
export function devnetTracker() {
  const logger = createLogger('silent')
  const chains: LocalChain[] = []
  const pids = new Set<number>()
  const dirs: string[] = []

  return {
    logger,
    tempDir: async (): Promise<string> => {
      const dir = await mkdtemp(join(tmpdir(), 'charter-evm-devnet-'))
      dirs.push(dir)
      return dir
    },
    /** Starts a devnet and returns it with the pid of its anvil (from its pid file). */
    start: async (chainId: SupportedChainId, stateDir: string) => {
      const chain = await startEvmDevnet({ chainId, stateDir, logger })
      chains.push(chain)
      const pid = readPidFile(devnetFiles(stateDir, chainId).pidFile)?.pid
      if (pid === undefined) throw new Error('a started devnet has no pid file')
      pids.add(pid)
      return { chain, pid, files: devnetFiles(stateDir, chainId) }
    },
    track: (pid: number) => pids.add(pid),
    cleanUp: async () => {
      await Promise.allSettled(chains.map((chain) => chain.close()))
      for (const pid of pids) {
        if (commandLineOf(pid)?.includes('anvil')) process.kill(pid, 'SIGKILL')
      }
      for (const dir of dirs) rmSync(dir, { recursive: true, force: true })
    },
  }
}
