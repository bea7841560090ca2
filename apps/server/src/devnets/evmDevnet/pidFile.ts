import { readFileSync, rmSync, writeFileSync } from 'node:fs'

/** Tells a devnet pid file from any other file that happens to be at its path. */
const marker = 'charter-evm-devnet'

/** What a running devnet records about itself beside its state file. */
export type DevnetPidFile = {
  pid: number
  port: number
  chainId: number
  stateFile: string
  startedAt: string
}

export function writePidFile(path: string, contents: DevnetPidFile): void {
  writeFileSync(path, `${JSON.stringify({ marker, ...contents })}\n`)
}

/** The pid file at `path`, or undefined when there is none or it is not one of ours (then it is ignored). */
export function readPidFile(path: string): DevnetPidFile | undefined {
  let text: string
  try {
    text = readFileSync(path, 'utf8')
  } catch {
    return undefined
  }
  try {
    const parsed = JSON.parse(text) as Partial<DevnetPidFile> & { marker?: unknown }
    if (parsed.marker !== marker) return undefined
    if (!Number.isSafeInteger(parsed.pid) || (parsed.pid ?? 0) <= 0) return undefined
    if (typeof parsed.stateFile !== 'string') return undefined
    return {
      pid: parsed.pid as number,
      port: Number(parsed.port),
      chainId: Number(parsed.chainId),
      stateFile: parsed.stateFile,
      startedAt: String(parsed.startedAt),
    }
  } catch {
    return undefined
  }
}

export function removePidFile(path: string): void {
  rmSync(path, { force: true })
}
