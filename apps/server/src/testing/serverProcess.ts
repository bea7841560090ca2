import { type ChildProcess, spawn } from 'node:child_process'
import { tmpdir } from 'node:os'
import { fileURLToPath } from 'node:url'
import { findFreePort } from '../devnets/evmDevnet/freePort.ts'
import { rememberAppId } from './appIds.ts'

const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url))

/** Every server process this test process started and that has not ended: `stopServerProcesses` ends them. */
const live = new Set<ChildProcess>()

export type ServerProcess = {
  url: string
  pid: number
  /** Everything the server (and anything loaded into it) wrote to stdout and stderr so far. */
  output: () => string
  /** Resolves with the first match of `pattern` in the output, once it is there; rejects after `timeoutMs`. */
  waitFor: (pattern: RegExp, timeoutMs?: number) => Promise<RegExpMatchArray>
  /** `kill -9`, by its PID, and waits until the operating system has reaped it. */
  kill9: () => Promise<void>
  /** SIGTERM, as a service manager stops it; SIGKILL after 20 s. Resolves with how it ended. */
  stop: () => Promise<{ code: number | null; signal: NodeJS.Signals | null }>
}

/**
 * Charter's server as `npm run serve` runs it (node with tsx, `apps/server/src/main.ts`), a process of its own on
 * `port` (a free one unless given), once `/api/health` answers 200. Only PATH, HOME and TMPDIR come from this
 * process's environment; the rest is `env`. `preload` modules are loaded into it first (`--import`), as a test
 * needs to reach into the process at a precise point (`holdBroadcasts.ts`).
 */
export async function startServerProcess(options: {
  env: Record<string, string>
  port?: number
  preload?: string[]
  timeoutMs?: number
}): Promise<ServerProcess> {
  const port = options.port ?? (await findFreePort())
  const imports = ['tsx', ...(options.preload ?? [])].flatMap((module) => ['--import', module])
  const child = spawn(process.execPath, [...imports, 'apps/server/src/main.ts'], {
    cwd: repoRoot,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? tmpdir(),
      TMPDIR: process.env.TMPDIR ?? tmpdir(),
      ...options.env,
      PORT: String(port),
      HOST: '127.0.0.1',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  live.add(child)
  let output = ''
  const listeners = new Set<() => void>()
  const keep = (chunk: Buffer) => {
    output += chunk.toString('utf8')
    for (const listener of listeners) listener()
  }
  child.stdout?.on('data', keep)
  child.stderr?.on('data', keep)
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.once('exit', (code, signal) => {
      live.delete(child)
      resolve({ code, signal })
    })
  })
  let ended = false
  void exited.then(() => {
    ended = true
  })

  const url = `http://127.0.0.1:${port}`
  const deadline = Date.now() + (options.timeoutMs ?? 180_000)
  for (;;) {
    if (ended) throw new Error(`the server exited before it answered /api/health:\n${output}`)
    const health = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(5_000) }).then(
      async (response) => ({ status: response.status, body: await response.text() }),
      () => ({ status: 0, body: '' }),
    )
    const status = health.status
    if (status === 200) {
      // The id it was given or generated, for the test clients made from its URL (WalletCaller).
      rememberAppId(url, (JSON.parse(health.body) as { appId: string }).appId)
      break
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL')
      await exited
      throw new Error(`/api/health did not answer 200 in time (last status ${status || 'none'}):\n${output}`)
    }
    await new Promise((resolve) => setTimeout(resolve, 100))
  }

  return {
    url,
    pid: child.pid as number,
    output: () => output,
    waitFor: (pattern, timeoutMs = 60_000) =>
      new Promise((resolve, reject) => {
        const check = () => {
          const match = output.match(pattern)
          if (!match) return false
          finish()
          resolve(match)
          return true
        }
        const timer = setTimeout(() => {
          finish()
          reject(new Error(`the server did not print ${pattern} within ${timeoutMs} ms:\n${output}`))
        }, timeoutMs)
        const finish = () => {
          clearTimeout(timer)
          listeners.delete(check)
        }
        listeners.add(check)
        check()
      }),
    kill9: async () => {
      if (!ended) child.kill('SIGKILL')
      await exited
    },
    stop: async () => {
      if (!ended) child.kill('SIGTERM')
      const timer = setTimeout(() => child.kill('SIGKILL'), 20_000)
      const how = await exited
      clearTimeout(timer)
      return how
    },
  }
}

/** Kills (by PID) every server process this test process started that is still running: for `afterAll`. */
export async function stopServerProcesses(): Promise<void> {
  const running = [...live]
  await Promise.all(
    running.map(
      (child) =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null || child.signalCode !== null) return resolve()
          child.once('exit', () => resolve())
          child.kill('SIGKILL')
        }),
    ),
  )
}
