import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { SignInLimits } from '../auth/AuthService.ts'
import type { SignInNonceLimits } from '../auth/walletSignIn/signInNonces.ts'
import type { Database } from '../db/Database.ts'
import { openDatabase } from '../db/openDatabase.ts'
import { createLogger } from '../log/logger.ts'
import { type RunningServer, startServer } from '../server.ts'
import { loadSettings, testDatabaseUrl } from '../settings/env.ts'
import { rememberAppId } from './appIds.ts'
import { rememberOutboxToken } from './outboxTokens.ts'

/** `appId`: the one the test set (APP_ID), or the one the server generated into its data folder. */
export type TestServer = RunningServer & { dataDir: string; logs: string[]; appId: string }

/** Throttling out of the way: tests sign the same address in many times within seconds. */
export const looseSignInLimits: SignInLimits = {
  perDestination: [{ limit: 100_000, windowSeconds: 30 }],
  perAddressCap: { limit: 100_000, windowSeconds: 3600 },
  sendsPerClient: { limit: 100_000, windowSeconds: 3600 },
  triesPerClient: { limit: 100_000, windowSeconds: 3600 },
  passkeySignInsPerClient: { limit: 100_000, windowSeconds: 600 },
}

/** Wallet sign-in nonces likewise: the tests ask for many from one client address. */
export const looseWalletSignInLimits: SignInNonceLimits = {
  perAddress: { limit: 100_000, windowSeconds: 600 },
  perClient: { limit: 100_000, windowSeconds: 3600 },
}

let shared: Promise<Database> | undefined

/**
 * One database per test process, as the real server would use it: PGlite in memory, or the PostgreSQL of
 * TEST_DATABASE_URL (CI runs the server tests once against each). Tests keep apart by using their own
 * phone numbers and email addresses.
 */
export function sharedTestDatabase(): Promise<Database> {
  const url = testDatabaseUrl()
  shared ??= openDatabase(url ? { kind: 'postgres', url } : { kind: 'pglite' })
  return shared
}

/**
 * The real server on its embedded defaults, on a free port, with its own data folder; logs are kept
 * in memory so a test can read what the server printed. Throttling is loose unless a test asks otherwise.
 */
export async function startTestServer(
  options: {
    env?: Record<string, string>
    webDist?: string
    database?: Database
    signInLimits?: SignInLimits
    walletSignInLimits?: SignInNonceLimits
    dataDir?: string
    sendJobs?: boolean
  } = {},
): Promise<TestServer> {
  const dataDir = options.dataDir ?? (await mkdtemp(join(tmpdir(), 'charter-test-')))
  // The new-device hold is off unless a test is about it: most tests sign in and export at once. The local
  // devnets run only for the tests that read chains (LOCAL_CHAINS=on), so the others start in milliseconds.
  const settings = loadSettings({
    PORT: '0',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'debug',
    NEW_DEVICE_HOLD_HOURS: '0',
    ...(options.env?.CHARTER_MODE !== 'production' && { LOCAL_CHAINS: 'off' }),
    ...options.env,
  })
  const logs: string[] = []
  const logger = createLogger(settings.logLevel, (line) => logs.push(line))
  const server = await startServer({
    settings,
    logger,
    database: options.database ?? (await sharedTestDatabase()),
    signInLimits: options.signInLimits ?? looseSignInLimits,
    walletSignInLimits: options.walletSignInLimits ?? looseWalletSignInLimits,
    ...(options.webDist ? { webDist: options.webDist } : {}),
    ...(options.sendJobs === false && { sendJobs: false }),
  })
  const outboxToken = server.parts.registry.get('devOutbox')?.token
  if (outboxToken) rememberOutboxToken(server.url, outboxToken.value)
  rememberAppId(server.url, settings.appId)
  return {
    ...server,
    dataDir,
    logs,
    appId: settings.appId,
    close: async () => {
      await server.close()
      if (!options.dataDir) await rm(dataDir, { recursive: true, force: true })
    },
  }
}
