import { type ChildProcess, spawn } from 'node:child_process'
import { createServer } from 'node:net'

/** A port nothing listens on right now, on the loopback interface. */
export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number }
      server.close(() => resolve(port))
    })
  })

export class StartFailure extends Error {
  override name = 'StartFailure'
  readonly output: string[]
  constructor(message: string, output: string[]) {
    super(message)
    this.output = output
  }
}

const outputLines = 200

/** Every server process spawned and not yet ended, so an interrupted test can end them (by PID). */
const live = new Set<ChildProcess>()
let closing = false

/** Ends every server this test started and is still running, and starts no more. */
export function killAllStarted(): void {
  closing = true
  for (const child of live) {
    try {
      if (child.pid) process.kill(child.pid, 'SIGKILL')
    } catch {
      // already gone
    }
  }
}

/**
 * Charter's server as `npm run serve` runs it: node itself with tsx as a loader, so the PID is the server's own
 * and `kill -9` hits it (npx or npm would put a shell in between).
 */
export class ServerProcess {
  readonly url: string
  readonly pid: number
  /** Milliseconds from spawn to the first 200 from /api/health. */
  readonly startMs: number
  /** The last lines the server wrote to stdout and stderr. */
  readonly output: string[]
  /** Set once the process has ended; `killedByUs` tells a kill we sent from a death of its own. */
  ended: { code: number | null; signal: NodeJS.Signals | null; killedByUs: boolean } | undefined
  readonly #exited: Promise<void>
  #killedByUs = false

  private constructor(
    child: ChildProcess,
    url: string,
    startMs: number,
    output: string[],
    exited: Promise<void>,
  ) {
    this.pid = child.pid as number
    this.url = url
    this.startMs = startMs
    this.output = output
    this.#exited = exited
    exited.then(() => {
      this.ended = {
        code: child.exitCode,
        signal: child.signalCode as NodeJS.Signals | null,
        killedByUs: this.#killedByUs,
      }
    })
  }

  /** Spawns the server and waits for /api/health to answer 200; a StartFailure (with its output) otherwise. */
  static async start(options: {
    repoRoot: string
    env: Record<string, string>
    timeoutMs: number
    /** Every line the server writes, as it comes. */
    onLine?: (line: string) => void
  }): Promise<ServerProcess> {
    if (closing) throw new StartFailure('the crash test is stopping', [])
    const port = await freePort()
    const started = performance.now()
    const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
      cwd: options.repoRoot,
      env: { ...options.env, PORT: String(port), HOST: '127.0.0.1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    const output: string[] = []
    const keep = (chunk: Buffer) => {
      for (const line of chunk.toString('utf8').split('\n')) {
        if (line.trim() === '') continue
        output.push(line)
        if (output.length > outputLines) output.shift()
        options.onLine?.(line)
      }
    }
    child.stdout?.on('data', keep)
    child.stderr?.on('data', keep)
    live.add(child)
    const exited = new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) resolve()
      else child.once('exit', () => resolve())
    }).finally(() => live.delete(child))
    let spawnError: Error | undefined
    child.once('error', (error) => {
      spawnError = error
    })
    const url = `http://127.0.0.1:${port}`
    const deadline = started + options.timeoutMs
    let gone = false
    void exited.then(() => {
      gone = true
    })
    for (;;) {
      if (spawnError) throw new StartFailure(`could not spawn node: ${spawnError.message}`, output)
      if (gone) {
        throw new StartFailure(
          `the server exited (code ${child.exitCode}, signal ${child.signalCode}) before it answered /api/health`,
          output,
        )
      }
      const status = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(5_000) }).then(
        async (response) => {
          await response.arrayBuffer()
          return response.status
        },
        () => 0,
      )
      if (status === 200) break
      if (performance.now() > deadline) {
        child.kill('SIGKILL')
        await exited
        throw new StartFailure(
          `/api/health did not answer 200 within ${options.timeoutMs / 1000} s (last status ${status || 'none'})`,
          output,
        )
      }
      await new Promise((resolve) => setTimeout(resolve, 25))
    }
    return new ServerProcess(child, url, performance.now() - started, output, exited)
  }

  get alive(): boolean {
    return this.ended === undefined
  }

  /** `kill -9` this server (by its PID) and wait until the operating system has reaped it. */
  async kill9(): Promise<void> {
    if (this.ended) return
    this.#killedByUs = true
    process.kill(this.pid, 'SIGKILL')
    await this.#exited
  }

  /** A graceful stop (SIGTERM, as a service manager sends), then SIGKILL if it has not ended in 15 s. */
  async stop(): Promise<void> {
    if (this.ended) return
    this.#killedByUs = true
    process.kill(this.pid, 'SIGTERM')
    const timer = setTimeout(() => {
      if (!this.ended) process.kill(this.pid, 'SIGKILL')
    }, 15_000)
    await this.#exited
    clearTimeout(timer)
  }
}
