import type { AddressInfo } from 'node:net'
import { serve } from '@hono/node-server'
import { type AppParts, createApp } from './app.ts'
import { createAuthService, defaultSignInLimits, type SignInLimits } from './auth/AuthService.ts'
import { deriveAccessTokenKeys } from './auth/accessToken.ts'
import { emailChannel, smsChannel } from './auth/channels.ts'
import { loadAuthSecret } from './auth/secrets.ts'
import type { Database } from './db/Database.ts'
import { sweepExpired } from './db/housekeeping.ts'
import { openDatabase } from './db/openDatabase.ts'
import type { Settings } from './env.ts'
import type { Logger } from './logger.ts'
import { DevOutbox } from './senders/DevOutbox.ts'
import { smtpEmailSender } from './senders/SmtpEmailSender.ts'
import { twilioSmsSender } from './senders/TwilioSmsSender.ts'
import { loadKeyVault } from './wallets/loadKeyVault.ts'
import { createFirstWallets } from './wallets/walletStore.ts'

export type RunningServer = {
  /** The base URL the server answers on, e.g. http://127.0.0.1:3000 */
  url: string
  parts: AppParts
  close: () => Promise<void>
}

export type StartServerOptions = {
  settings: Settings
  logger: Logger
  webDist?: string
  /** An open database to use instead of the one the settings name; the caller closes it (tests share one). */
  database?: Database
  /** Throttling rules instead of the defaults (the throttling tests use tight ones, the others loose ones). */
  signInLimits?: SignInLimits
}

/** Chooses each part from the settings: the embedded default, or the real service when it is configured. */
export async function buildParts(options: StartServerOptions): Promise<AppParts> {
  const { settings, logger } = options
  const database =
    options.database ??
    (await openDatabase(
      settings.databaseUrl
        ? { kind: 'postgres', url: settings.databaseUrl }
        : { kind: 'pglite', dataDir: settings.dataDir },
    ))
  const secret = loadAuthSecret(settings, logger)
  const accessTokenKeys = deriveAccessTokenKeys(secret)
  const vault = loadKeyVault(settings, logger)
  const outbox = settings.mode === 'embedded' ? new DevOutbox(logger) : undefined
  const smsSender = settings.twilio ? twilioSmsSender(settings.twilio) : outbox?.sms
  const emailSender = settings.smtp ? smtpEmailSender(settings.smtp) : outbox?.email
  const auth = createAuthService({
    db: database.db,
    secret,
    keys: accessTokenKeys,
    appId: settings.appId,
    sessionLifetimeHours: settings.sessionLifetimeHours,
    limits: options.signInLimits ?? defaultSignInLimits(settings.codesPerClientPerHour),
    // A user never exists without its first wallets: they are made in the transaction that makes the user.
    onUserCreated: [createFirstWallets(vault)],
  })
  const senderName = (real: unknown, name: string) => (real ? name : 'dev outbox (codes in the server log)')
  return {
    database,
    auth,
    accessTokenKeys,
    vault,
    sms: smsSender ? smsChannel(smsSender, settings.smsAllowedCountries) : undefined,
    email: emailSender ? emailChannel(emailSender) : undefined,
    outbox,
    describe: {
      database: { status: 'ok', detail: database.kind === 'postgres' ? 'PostgreSQL' : 'PGlite (embedded)' },
      sms: smsSender
        ? { status: 'ok', detail: senderName(settings.twilio, 'Twilio') }
        : { status: 'missing' },
      email: emailSender
        ? { status: 'ok', detail: senderName(settings.smtp, 'SMTP') }
        : { status: 'missing' },
    },
  }
}

/** Starts Charter's HTTP server; port 0 picks a free port (tests). */
export async function startServer(options: StartServerOptions): Promise<RunningServer> {
  const parts = await buildParts(options)
  const app = createApp({ ...options, parts })
  const { host, port } = options.settings
  const server = await new Promise<ReturnType<typeof serve>>((resolve, reject) => {
    const s = serve({ fetch: app.fetch, hostname: host, port }, () => resolve(s))
    s.once('error', reject)
  })
  // Hourly, and once at start: old throttling windows, codes and idempotency answers go.
  const sweep = () =>
    sweepExpired(parts.database.db).catch((error: unknown) =>
      options.logger.warn('Could not delete expired rows', { error: String(error) }),
    )
  void sweep()
  const sweeper = setInterval(sweep, 3_600_000).unref()
  const address = server.address() as AddressInfo
  const shownHost = host === '0.0.0.0' || host === '::' ? 'localhost' : host
  return {
    url: `http://${shownHost.includes(':') ? `[${shownHost}]` : shownHost}:${address.port}`,
    parts,
    close: async () => {
      clearInterval(sweeper)
      await new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()))
        // Keep-alive connections would hold close() open until they time out.
        if ('closeAllConnections' in server) server.closeAllConnections()
      })
      if (!options.database) await parts.database.close()
    },
  }
}
