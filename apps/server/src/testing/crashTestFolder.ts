import { randomBytes } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll } from 'vitest'
import { devnetFiles } from '../devnets/evmDevnet/devnetFiles.ts'
import { readPidFile } from '../devnets/evmDevnet/pidFile.ts'
import { testDatabaseUrl } from '../settings/env.ts'
import { anvilsServing } from './anvilsServing.ts'
import type { Json } from './Json.ts'
import { scratchDatabase } from './scratchDatabase.ts'
import { stopServerProcesses } from './serverProcess.ts'

/**
 * What a test that kills real server processes (serverProcess.ts) runs them on: a data folder of its own (PGlite),
 * or a PostgreSQL database of its own when TEST_DATABASE_URL is set, made before the file's tests and removed after
 * them with whatever a failed assertion left running, by PID (the servers, then their devnets). Call it once, at
 * the top of the test file.
 */
export function crashTestFolder(prefix: string, chainId: number) {
  const outboxToken = randomBytes(16).toString('hex')
  let dataDir = ''
  let database: { url: string; drop: () => Promise<void> } | undefined

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), prefix))
    const postgres = testDatabaseUrl()
    if (postgres) database = await scratchDatabase(postgres)
  })

  afterAll(async () => {
    await stopServerProcesses()
    if (dataDir) {
      for (const { pid } of anvilsServing(dataDir)) process.kill(pid, 'SIGKILL')
      await rm(dataDir, { recursive: true, force: true })
    }
    await database?.drop()
  })

  return {
    outboxToken,
    /** The data folder, once the file's tests have started. */
    dataDir: () => dataDir,
    /** The embedded server's settings on this folder (and its PostgreSQL database when the run has one). */
    serverEnv: (): Record<string, string> => ({
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      LOCAL_CHAINS: 'on',
      DEV_OUTBOX_TOKEN: outboxToken,
      NEW_DEVICE_HOLD_HOURS: '0',
      ...(database && { DATABASE_URL: database.url }),
    }),
    /** JSON-RPC straight to the chain's local node (anvil), at the port its pid file names right now. */
    async node(method: string, params: unknown[]): Promise<Json> {
      const running = readPidFile(devnetFiles(join(dataDir, 'chains'), chainId).pidFile)
      if (!running) throw new Error('no devnet is recorded as running')
      const response = await fetch(`http://127.0.0.1:${running.port}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
      })
      const body = (await response.json()) as Json
      if (body.error) throw new Error(`${method}: ${body.error.message}`)
      return body.result
    },
  }
}
