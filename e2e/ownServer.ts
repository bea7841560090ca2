import { type ChildProcess, spawn } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

const repoRoot = fileURLToPath(new URL('..', import.meta.url))

/** A Charter server of a test's own, on a port and data folder of its own, that the test may stop and start again. */
export type OwnServer = { url: string; stop: () => Promise<void> }

/**
 * Starts the server as `npm start` runs it, on its embedded defaults, on `port` and `dataDir`, once /api/health
 * answers. Its dev outbox answers to the same token as the suite's server (signInSteps.ts reads that one).
 * `stop` sends SIGTERM, so the local devnets save their state, and waits for the process to end.
 */
export async function startOwnServer(port: number, dataDir: string): Promise<OwnServer> {
  const suiteData = process.env.E2E_DATA_DIR as string
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      CODES_PER_CLIENT_PER_HOUR: '100000',
      DEV_OUTBOX_TOKEN: readFileSync(join(suiteData, 'dev-outbox-token'), 'utf8').trim(),
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  })
  let stderr = ''
  child.stderr?.on('data', (chunk) => {
    stderr += String(chunk)
  })
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  const url = `http://127.0.0.1:${port}`
  const deadline = Date.now() + 120_000
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited: ${stderr}`)
    const healthy = await fetch(`${url}/api/health`)
      .then((answer) => answer.ok)
      .catch(() => false)
    if (healthy) break
    if (Date.now() > deadline) {
      child.kill('SIGKILL')
      throw new Error(`the server did not answer /api/health in 2 minutes: ${stderr}`)
    }
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  return {
    url,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM')
      await exited
    },
  }
}
