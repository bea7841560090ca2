import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { leftoverAnvils } from './leftoverAnvils.ts'
import { type Batch, inTurns } from './rounds.ts'

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number }
      server.close(() => resolve(port))
    })
  })

const one = (ms: number): Batch => ({ latencies: [ms], wallMs: ms })

/** Whether an answer (already known to be 200) counts as healthy; its body as text. */
type Healthy = (body: string) => boolean

async function timeUntilHealthy(
  child: ChildProcess,
  url: string,
  started: number,
  healthy: Healthy,
): Promise<number> {
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the process exited with ${child.exitCode} before answering`)
    try {
      const response = await fetch(url)
      const body = await response.text()
      if (response.ok && healthy(body)) return performance.now() - started
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
}

async function measure(
  args: string[],
  env: Record<string, string>,
  path: string,
  cwd: string,
  healthy: Healthy,
) {
  const port = await freePort()
  const started = performance.now()
  const child = spawn(process.execPath, args, {
    cwd,
    env: { ...process.env, ...env, PORT: String(port) },
    stdio: 'ignore',
  })
  try {
    return await timeUntilHealthy(child, `http://127.0.0.1:${port}${path}`, started, healthy)
  } finally {
    child.kill('SIGTERM')
    if (child.exitCode === null) await new Promise((resolve) => child.once('exit', resolve))
  }
}

const localDevnets = 3

/**
 * Healthy with the devnets up: /api/health's `chains` part is `ok` and tells a height for each of the three
 * devnets, which the server read from them. The first answers say "heights being read" (the reading starts on
 * the first ask), so this counts until the devnets have answered, not merely until the server listens.
 */
const devnetsAnswer: Healthy = (body) => {
  const chains = (JSON.parse(body) as { parts?: { chains?: { status?: string; detail?: string } } }).parts
    ?.chains
  return chains?.status === 'ok' && (chains.detail?.match(/: height \d+/g) ?? []).length === localDevnets
}
const answers: Healthy = () => true

/**
 * Milliseconds from launching the server process to its first healthy answer, in turns with the floor (a bare
 * Node HTTP server): each round, the first start on a data folder of its own (it creates the embedded
 * database, and with the devnets their state, there), then a restart that finds it; each beside a floor started
 * just before it. With the devnets (LOCAL_CHAINS=on, the default; healthy: `devnetsAnswer`) and without them
 * (LOCAL_CHAINS=off, the start as it was before chains; healthy: /api/health answers 200), each on its own data
 * folder. After each stop (SIGTERM, as `npm start` is stopped), no anvil of that data folder may be left running.
 */
export async function startToHealthyRounds(repoRoot: string, rounds: number) {
  const dataDirs = { on: '', off: '' }
  const start = async (localChains: 'on' | 'off') => {
    const dataDir = dataDirs[localChains]
    const ms = await measure(
      ['--import', 'tsx', 'apps/server/src/main.ts'],
      { DATA_DIR: dataDir, LOG_LEVEL: 'silent', HOST: '127.0.0.1', LOCAL_CHAINS: localChains },
      '/api/health',
      repoRoot,
      localChains === 'on' ? devnetsAnswer : answers,
    )
    const left = leftoverAnvils(dataDir)
    if (left.length > 0) {
      for (const pid of left) process.kill(pid, 'SIGKILL')
      throw new Error(`the stopped server left anvil ${left.join(', ')} running on ${dataDir} (killed now)`)
    }
    return one(ms)
  }
  const firstStart = (localChains: 'on' | 'off') => {
    if (dataDirs[localChains]) rmSync(dataDirs[localChains], { recursive: true, force: true })
    dataDirs[localChains] = mkdtempSync(join(tmpdir(), 'charter-bench-'))
    return start(localChains)
  }
  const floor = async () => one(await bareNodeServerMs(repoRoot))
  try {
    return await inTurns(rounds, {
      floorFirst: floor,
      first: () => firstStart('on'),
      firstOff: () => firstStart('off'),
      floorRestart: floor,
      restart: () => start('on'),
      restartOff: () => start('off'),
    })
  } finally {
    for (const dataDir of Object.values(dataDirs))
      if (dataDir) rmSync(dataDir, { recursive: true, force: true })
  }
}

/** The floor: a bare Node HTTP server that answers at once. */
export function bareNodeServerMs(repoRoot: string): Promise<number> {
  const script =
    "require('node:http').createServer((q,s)=>s.end('ok')).listen(Number(process.env.PORT),'127.0.0.1')"
  return measure(['-e', script], {}, '/', repoRoot, answers)
}
