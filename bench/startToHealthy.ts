import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { type Batch, inTurns } from './rounds.ts'

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number }
      server.close(() => resolve(port))
    })
  })

const one = (ms: number): Batch => ({ latencies: [ms], wallMs: ms })

async function timeUntilAnswer(child: ChildProcess, url: string, started: number): Promise<number> {
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the process exited with ${child.exitCode} before answering`)
    try {
      const response = await fetch(url)
      if (response.ok) return performance.now() - started
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
}

async function measure(args: string[], env: Record<string, string>, path: string, cwd: string) {
  const port = await freePort()
  const started = performance.now()
  const child = spawn(process.execPath, args, {
    cwd,
    env: { ...process.env, ...env, PORT: String(port) },
    stdio: 'ignore',
  })
  try {
    return await timeUntilAnswer(child, `http://127.0.0.1:${port}${path}`, started)
  } finally {
    child.kill('SIGTERM')
    if (child.exitCode === null) await new Promise((resolve) => child.once('exit', resolve))
  }
}

/**
 * Milliseconds from launching the server process to its first healthy answer, in turns with the floor (a bare
 * Node HTTP server): each round, the first start on a data folder of its own (it creates the embedded
 * database there), then a restart that finds it; each beside a floor started just before it.
 */
export async function startToHealthyRounds(repoRoot: string, rounds: number) {
  let dataDir = ''
  const start = async () => {
    const ms = await measure(
      ['--import', 'tsx', 'apps/server/src/main.ts'],
      { DATA_DIR: dataDir, LOG_LEVEL: 'silent', HOST: '127.0.0.1' },
      '/api/health',
      repoRoot,
    )
    return one(ms)
  }
  const floor = async () => one(await bareNodeServerMs(repoRoot))
  try {
    return await inTurns(rounds, {
      floorFirst: floor,
      first: () => {
        if (dataDir) rmSync(dataDir, { recursive: true, force: true })
        dataDir = mkdtempSync(join(tmpdir(), 'charter-bench-'))
        return start()
      },
      floorRestart: floor,
      restart: start,
    })
  } finally {
    if (dataDir) rmSync(dataDir, { recursive: true, force: true })
  }
}

/** The floor: a bare Node HTTP server that answers at once. */
export function bareNodeServerMs(repoRoot: string): Promise<number> {
  const script =
    "require('node:http').createServer((q,s)=>s.end('ok')).listen(Number(process.env.PORT),'127.0.0.1')"
  return measure(['-e', script], {}, '/', repoRoot)
}
