import { spawn } from 'node:child_process'
import { createInterface } from 'node:readline'

export type SpawnedServer = {
  /** Charter's server. */
  url: string
  /** The floor beside it (./floorApp.ts), in the same process over the same parts. */
  floorUrl: string
  /** The app id it was given or generated, which signed wallet requests send (`privy-app-id`). */
  appId: string
  stop: () => Promise<void>
}

/**
 * Charter's server in a process of its own, as `npm start` runs it, with its floor beside it (./benchServer.ts),
 * once both answer: the callers' own work does not count against the server.
 */
export async function spawnServer(repoRoot: string, env: Record<string, string>): Promise<SpawnedServer> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/benchServer.ts'], {
    cwd: repoRoot,
    env: { ...process.env, ...env, PORT: '0', HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  const exited = new Promise<never>((_, reject) =>
    child.once('exit', (code) => reject(new Error(`the bench server exited with ${code}`))),
  )
  // Its exit after a stop is expected: only the race below listens to it.
  exited.catch(() => {})
  const firstLine = new Promise<string>((resolve) => {
    const lines = createInterface({ input: child.stdout })
    lines.once('line', (line) => {
      lines.close()
      resolve(line)
    })
  })
  const { url, floorUrl, appId } = JSON.parse(await Promise.race([firstLine, exited])) as {
    url: string
    floorUrl: string
    appId: string
  }
  return {
    url,
    floorUrl,
    appId,
    stop: async () => {
      if (child.exitCode !== null) return
      const stopped = new Promise((resolve) => child.once('exit', resolve))
      child.kill('SIGTERM')
      await stopped
    },
  }
}
