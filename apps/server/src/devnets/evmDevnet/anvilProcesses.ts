import { execFileSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'

/**
 * The command line of process `pid`, its arguments joined by spaces; undefined when no such process runs (a
 * zombie, whose command line is empty, counts as gone). Linux reads /proc; elsewhere `ps` answers.
 */
export function commandLineOf(pid: number): string | undefined {
  if (existsSync('/proc/self/cmdline')) {
    try {
      const line = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean).join(' ')
      return line || undefined
    } catch {
      return undefined
    }
  }
  try {
    return execFileSync('ps', ['-p', String(pid), '-o', 'command='], { encoding: 'utf8' }).trim() || undefined
  } catch {
    return undefined
  }
}

/**
 * Whether `pid` is an anvil serving `stateFile`: its program is named anvil and it was given `--state
 * <stateFile>`. A pid is reused once its process is gone, so a recorded pid alone proves nothing.
 */
export function isAnvilFor(pid: number, stateFile: string): boolean {
  const line = commandLineOf(pid)
  if (!line) return false
  const state = ` --state ${stateFile}`
  return /(^|[/\\])anvil(\.exe)? /.test(line) && (line.includes(`${state} `) || line.endsWith(state))
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** Waits up to `timeoutMs` for `pid` to stop serving `stateFile`; true if it did. */
async function stopsWithin(pid: number, stateFile: string, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs
  while (isAnvilFor(pid, stateFile)) {
    if (Date.now() >= deadline) return false
    await sleep(50)
  }
  return true
}

const signal = (pid: number, name: NodeJS.Signals) => {
  try {
    process.kill(pid, name)
  } catch {
    // Already gone between the check and the signal: what was wanted.
  }
}

/**
 * Stops the anvil `pid` that serves `stateFile`, which need not be a child of this process (a killed server's
 * devnet is anyone's orphan): SIGTERM first, on which anvil writes its state out, then SIGKILL if it lingers.
 * Resolves once it is gone; false if it was never there (not alive, or not that anvil).
 */
export async function stopAnvil(
  pid: number,
  stateFile: string,
  { graceMs = 5_000 }: { graceMs?: number } = {},
): Promise<boolean> {
  if (!isAnvilFor(pid, stateFile)) return false
  signal(pid, 'SIGTERM')
  if (await stopsWithin(pid, stateFile, graceMs)) return true
  signal(pid, 'SIGKILL')
  if (await stopsWithin(pid, stateFile, 2_000)) return true
  throw new Error(`anvil ${pid} did not stop after SIGKILL`)
}
