import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { resetRateLimit } from '../apps/server/src/http/rateLimit.ts'
import { createLogger } from '../apps/server/src/log/logger.ts'
import { startServer } from '../apps/server/src/server.ts'
import { loadSettings } from '../apps/server/src/settings/env.ts'
import { plainFloorPath, serveFloor } from './floorApp.ts'
import { type Batch, inTurns, timeBatch, timed } from './rounds.ts'

export type SignInRounds = { floor: Batch[]; signIn: Batch[] }

const post = async (url: string, body: unknown) => {
  const answer = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
  await answer.arrayBuffer()
  if (answer.status !== 200) throw new Error(`${new URL(url).pathname} answered ${answer.status}`)
}

/**
 * The server time of a whole sign-in by email (init + authenticate) on the embedded defaults: PGlite on
 * disk (or the PostgreSQL of BENCH_DATABASE_URL), the dev outbox, a new member each time. The floor, in turns with it, is the same two POSTs by the same
 * client to a route behind the same middleware that answers a constant. Both are warmed first: `warmUp`
 * requests each (a sign-in is two).
 */
export async function measureSignIn({
  rounds = 10,
  perRound = 30,
  warmUp = 3000,
} = {}): Promise<SignInRounds> {
  const dataDir = mkdtempSync(join(tmpdir(), 'charter-bench-'))
  const settings = loadSettings({
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    CODES_PER_CLIENT_PER_HOUR: '100000',
    // PostgreSQL when the bench is given one (run.ts: BENCH_DATABASE_URL), else PGlite on disk.
    ...(process.env.BENCH_DATABASE_URL && { DATABASE_URL: process.env.BENCH_DATABASE_URL }),
  })
  const logger = createLogger('silent')
  const server = await startServer({ settings, logger })
  const floor = await serveFloor({ settings, logger, parts: server.parts })
  const outbox = server.parts.registry.get('devOutbox')?.outbox
  if (!outbox) throw new Error('the bench runs on the embedded defaults')
  let made = 0
  const newEmail = () => {
    made += 1
    return `bench-${made}-${Date.now()}@example.org`
  }
  // Reading the code from the outbox is the member's part, between the two requests: it is not timed.
  const signIn = async () => {
    const email = newEmail()
    const initMs = await timed(() => post(`${server.url}/api/v1/passwordless/init`, { email }))
    const code = outbox.list(email)[0]?.body.match(/\b(\d{6})\b/)?.[1]
    const authenticateMs = await timed(() =>
      post(`${server.url}/api/v1/passwordless/authenticate`, { email, code }),
    )
    return initMs + authenticateMs
  }
  const floorPair = async () => {
    const email = newEmail()
    const initMs = await timed(() => post(`${floor.url}${plainFloorPath}`, { email }))
    const authenticateMs = await timed(() => post(`${floor.url}${plainFloorPath}`, { email, code: '123456' }))
    return initMs + authenticateMs
  }
  try {
    // A few callers at once, so the warm-up takes less of the bench's time; what is measured runs one by one.
    await timeBatch(warmUp / 2, 4, floorPair)
    await timeBatch(warmUp / 2, 4, signIn)
    return await inTurns(rounds, {
      floor: () => timeBatch(perRound, 1, floorPair),
      signIn: () => timeBatch(perRound, 1, signIn),
    })
  } finally {
    // On a PostgreSQL the next section shares, its server would find this client's allowance spent by the
    // thousands of codes asked for here.
    for (const kind of ['send', 'try']) {
      for (const address of ['127.0.0.1', '::ffff:127.0.0.1']) {
        await resetRateLimit(server.parts.database.db, `${kind}-client:${address}`)
      }
    }
    await floor.close()
    await server.close()
    rmSync(dataDir, { recursive: true, force: true })
  }
}
