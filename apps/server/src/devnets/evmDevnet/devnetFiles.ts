import { join, resolve } from 'node:path'

/** Where a devnet keeps its files: one set per chain, so several chains share one state directory. */
export type DevnetFiles = {
  /** anvil's state (`--state`): loaded at start, dumped every few seconds and on SIGTERM. */
  stateFile: string
  /** Which anvil process serves this state file, so the next start can find one a killed server left. */
  pidFile: string
  /** anvil's stderr, read when it fails to start. */
  logFile: string
}

export function devnetFiles(stateDir: string, chainId: number): DevnetFiles {
  // Absolute, because the state path is also how a leftover anvil is recognised in its command line.
  const base = join(resolve(stateDir), `anvil-${chainId}`)
  return { stateFile: `${base}.json`, pidFile: `${base}.pid`, logFile: `${base}.log` }
}
