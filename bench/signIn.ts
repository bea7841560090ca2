import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { loadSettings } from '../apps/server/src/env.ts'
import { createLogger } from '../apps/server/src/logger.ts'
import { startServer } from '../apps/server/src/server.ts'

export type Percentiles = { p50: number; p99: number }

const percentiles = (values: number[]): Percentiles => {
  const sorted = [...values].sort((a, b) => a - b)
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN
  return { p50: at(0.5), p99: at(0.99) }
}

const post = (url: string, body: unknown) =>
  fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })

/**
 * The server time of a whole sign-in by email (init + authenticate) on the embedded defaults: PGlite on
 * disk, the dev outbox. The floor is the same two HTTP round trips to /api/health on the same server.
 */
export async function measureSignIn(
  runs = 300,
  warmUp = 30,
): Promise<{ signIn: Percentiles; floor: Percentiles }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'charter-bench-'))
  const settings = loadSettings({
    PORT: '0',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    CODES_PER_CLIENT_PER_HOUR: '100000',
  })
  const server = await startServer({ settings, logger: createLogger('silent') })
  const outbox = server.parts.outbox
  if (!outbox) throw new Error('the bench runs on the embedded defaults')
  try {
    const signIn: number[] = []
    const floor: number[] = []
    for (let i = 0; i < warmUp + runs; i++) {
      const email = `bench-${i}-${Date.now()}@example.org`
      const startInit = performance.now()
      const init = await post(`${server.url}/api/v1/passwordless/init`, { email })
      await init.arrayBuffer()
      const initMs = performance.now() - startInit
      const code = outbox.list(email)[0]?.body.match(/\b(\d{6})\b/)?.[1]
      const startAuthenticate = performance.now()
      const answer = await post(`${server.url}/api/v1/passwordless/authenticate`, { email, code })
      await answer.arrayBuffer()
      const authenticateMs = performance.now() - startAuthenticate
      if (answer.status !== 200) throw new Error(`sign-in failed with ${answer.status}`)

      const startFloor = performance.now()
      await (await fetch(`${server.url}/api/health`)).arrayBuffer()
      await (await fetch(`${server.url}/api/health`)).arrayBuffer()
      const floorMs = performance.now() - startFloor
      if (i >= warmUp) {
        signIn.push(initMs + authenticateMs)
        floor.push(floorMs)
      }
    }
    return { signIn: percentiles(signIn), floor: percentiles(floor) }
  } finally {
    await server.close()
    rmSync(dataDir, { recursive: true, force: true })
  }
}
