import { readdirSync, readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'

export type ServingAnvil = { pid: number; chainId: number }

/**
 * Every anvil running on this machine whose state lives in `dataDir`'s chains folder, found in /proc by its
 * command line (`--state <dataDir>/chains/anvil-<chainId>.json`), whoever started it: how a test sees a devnet
 * that outlived its server. Linux only, as the tests that use it.
 */
export function anvilsServing(dataDir: string): ServingAnvil[] {
  const statePrefix = join(resolve(dataDir), 'chains', 'anvil-')
  const found: ServingAnvil[] = []
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    let args: string[]
    try {
      args = readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0').filter(Boolean)
    } catch {
      continue // gone since the listing
    }
    if (!/(^|\/)anvil$/.test(args[0] ?? '')) continue
    const state = args[args.indexOf('--state') + 1]
    const chainId = state?.startsWith(statePrefix)
      ? /^(\d+)\.json$/.exec(state.slice(statePrefix.length))?.[1]
      : undefined
    if (chainId) found.push({ pid: Number(entry), chainId: Number(chainId) })
  }
  return found.sort((a, b) => a.chainId - b.chainId || a.pid - b.pid)
}
