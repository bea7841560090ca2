// The server the HTTP figures are measured on, in a process of its own: Charter started as apps/server/src/main.ts
// starts it, and beside it, on a second port, the floor (./floorApp.ts) over the same parts. Prints one line,
// `{"url": …, "floorUrl": …, "appId": …}`, once both answer; stops on SIGTERM.

import { createLogger } from '../apps/server/src/log/logger.ts'
import { startServer } from '../apps/server/src/server.ts'
import { loadSettings } from '../apps/server/src/settings/env.ts'
import { serveFloor } from './floorApp.ts'

// BENCH_DATABASE_URL (run.ts): the bench's PostgreSQL, which the embedded defaults would not otherwise use.
const settings = loadSettings({
  ...process.env,
  ...(process.env.BENCH_DATABASE_URL && { DATABASE_URL: process.env.BENCH_DATABASE_URL }),
})
const logger = createLogger(settings.logLevel)
const server = await startServer({ settings, logger })
const floor = await serveFloor({ settings, logger, parts: server.parts })
process.stdout.write(`${JSON.stringify({ url: server.url, floorUrl: floor.url, appId: settings.appId })}\n`)
process.once('SIGTERM', async () => {
  await floor.close()
  await server.close()
  process.exit(0)
})
