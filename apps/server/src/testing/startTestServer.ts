import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { loadSettings } from '../env.ts'
import { createLogger } from '../logger.ts'
import { type RunningServer, startServer } from '../server.ts'

export type TestServer = RunningServer & { dataDir: string; logs: string[] }

/**
 * The real server on its embedded defaults, on a free port, with its own data folder; logs are kept
 * in memory so a test can read what the server printed.
 */
export async function startTestServer(
  options: { env?: Record<string, string>; webDist?: string } = {},
): Promise<TestServer> {
  const dataDir = await mkdtemp(join(tmpdir(), 'charter-test-'))
  const settings = loadSettings({ PORT: '0', DATA_DIR: dataDir, LOG_LEVEL: 'debug', ...options.env })
  const logs: string[] = []
  const logger = createLogger(settings.logLevel, (line) => logs.push(line))
  const server = await startServer({
    settings,
    logger,
    ...(options.webDist ? { webDist: options.webDist } : {}),
  })
  return {
    ...server,
    dataDir,
    logs,
    close: async () => {
      await server.close()
      await rm(dataDir, { recursive: true, force: true })
    },
  }
}
