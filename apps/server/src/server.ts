import { mkdirSync, statSync } from 'node:fs'
import type { AddressInfo, Server as NetServer, Socket } from 'node:net'
import { serve } from '@hono/node-server'
import { type AppParts, type AppType, createApp } from './app.ts'
import { createAuthService, defaultSignInLimits, type SignInLimits } from './auth/AuthService.ts'
import { emailChannel, smsChannel } from './auth/channels.ts'
import { loadAuthSecret } from './auth/secrets.ts'
import { tellMember } from './auth/tellMember.ts'
import { defaultSignInNonceLimits, type SignInNonceLimits } from './auth/walletSignIn/signInNonces.ts'
import { chooseChains } from './chains/chooseChains.ts'
import type { Database } from './db/Database.ts'
import { openDatabase } from './db/openDatabase.ts'
import { accountFreeze } from './holds/accountFreeze.ts'
import { heldSignOuts } from './holds/heldSignOuts.ts'
import { newDeviceHold } from './holds/newDeviceHold.ts'
import { sendHold } from './holds/sendHold.ts'
import { readEveryMs } from './incoming/readerTuning.ts'
import { backgroundJobs } from './jobs/backgroundJobs.ts'
import { serverJobs } from './jobs/serverJobs.ts'
import { keepAppId } from './keepAppId.ts'
import type { Logger } from './log/logger.ts'
import { deriveAccessTokenKeys } from './members/accessToken.ts'
import { chooseOnramp } from './onramp/chooseOnramp.ts'
import type { Part } from './parts/Part.ts'
import { PartStartError } from './parts/PartStartError.ts'
import { partsRegistry } from './parts/PartsRegistry.ts'
import { passkeyService } from './passkeys/passkeys.ts'
import { choosePinning } from './pinning/choosePinning.ts'
import { newDeviceBudget } from './policy/newDeviceBudget.ts'
import { policyEngine } from './policy/policyEngine.ts'
import { chooseSenders } from './senders/chooseSenders.ts'
import { type Settings, SettingsError } from './settings/env.ts'
import { chooseSponsor } from './sponsor/sponsorPart.ts'
import { loadKeyVault } from './wallets/loadKeyVault.ts'
import { nativeSecp256k1 } from './wallets/secp256k1Signer.ts'
import { sendFeeCaps } from './wallets/sends/sendFeeCaps.ts'
import { countUnopenableWallets, createFirstWallets } from './wallets/walletStore.ts'

export type RunningServer = {
  /** The base URL the server answers on, e.g. http://127.0.0.1:3000 */
  url: string
  parts: AppParts
  /** The app it serves (its `routes` are what the fuzz table must cover). */
  app: AppType
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
  /** Throttling of wallet sign-in nonces instead of the defaults. */
  walletSignInLimits?: SignInNonceLimits
  /**
   * Whether the 30-second jobs that follow pending sends and release held sends and actions run (they do unless
   * told not to; `jobs/serverJobs.ts`): off only in tests that count a request's statements, which a job's could
   * join.
   */
  sendJobs?: boolean
}

/**
 * How long a client may take, and how many may be connected at once, in all and from one address, so that one
 * client cannot hold every connection. The address is the socket's own (TRUST_PROXY plays no part: no header
 * is read yet). Behind a reverse proxy these bound only the proxy's connections, all from its address; the
 * proxy bounds the clients' (docs/security.md).
 */
export const connectionLimits = {
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 30_000,
  keepAliveTimeoutMs: 5_000,
  maxConnections: 1024,
  maxConnectionsPerAddress: 64,
} as const

/**
 * Ends at once a connection from an address that already holds `limit` open ones; the others are untouched.
 * A browser opens six per origin, so only a client that hoards connections meets it.
 */
export function capConnectionsPerAddress(server: NetServer, limit: number): void {
  const open = new Map<string, number>()
  server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress
    if (address === undefined) return
    const count = open.get(address) ?? 0
    if (count >= limit) {
      socket.destroy()
      return
    }
    open.set(address, count + 1)
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1
      if (left > 0) open.set(address, left)
      else open.delete(address)
    })
  })
}

/**
 * The embedded parts keep secrets in DATA_DIR (the database, the master key): it is made private to this user
 * (0700, files 0600), and a folder others can read is refused rather than used.
 */
export function prepareDataDir(dataDir: string): void {
  process.umask(0o077)
  mkdirSync(dataDir, { recursive: true, mode: 0o700 })
  const mode = statSync(dataDir).mode & 0o777
  if ((mode & 0o077) !== 0) {
    throw new SettingsError(
      `Charter cannot start: ${dataDir} (DATA_DIR) is open to other users of this machine (mode ${mode.toString(8)}), and it holds the wallet master key and the database. Run: chmod 700 ${dataDir}`,
    )
  }
}

/** Chooses each part from the settings: the embedded default, or the real service when it is configured. */
export async function buildParts(options: StartServerOptions): Promise<AppParts> {
  const { settings, logger } = options
  // Before anything opens: without libsecp256k1's native build the server refuses to start, saying what to do,
  // rather than sign EVM wallets in pure JavaScript, several times slower.
  try {
    nativeSecp256k1()
  } catch (error) {
    throw new PartStartError('wallets', error)
  }
  if (settings.mode === 'embedded') prepareDataDir(settings.dataDir)
  // Access tokens carry the app id: a new one is kept before any part can hand one out.
  keepAppId(settings, logger)
  const database =
    options.database ??
    (await openDatabase(
      settings.databaseUrl
        ? { kind: 'postgres', url: settings.databaseUrl, poolSize: settings.databasePoolSize }
        : { kind: 'pglite', dataDir: settings.dataDir },
    ))
  const secret = loadAuthSecret(settings, logger)
  const accessTokenKeys = deriveAccessTokenKeys(secret)
  const vault = loadKeyVault(settings, logger)
  const senders = chooseSenders(settings, logger)
  const smsSender = senders.sms.adapter
  const emailSender = senders.email.adapter
  const sms = smsSender && smsChannel(smsSender, settings.smsAllowedCountries)
  const email = emailSender && emailChannel(emailSender)
  const tell = tellMember({ db: database.db, channels: { phone: sms, email }, logger })
  const hold = newDeviceHold({
    db: database.db,
    hours: settings.newDeviceHoldHours,
    tell: (userId, notice) => tell(userId, notice),
    publicOrigin: settings.publicUrl?.origin,
  })
  const signOuts = heldSignOuts({ db: database.db, hold })
  const passkeys = passkeyService({
    db: database.db,
    hold,
    tell: (userId, notice) => tell(userId, notice),
    publicUrl: settings.publicUrl,
  })
  const freeze = accountFreeze({ db: database.db, hold, tell: (userId, notice) => tell(userId, notice) })
  const heldSends = sendHold({
    db: database.db,
    hold,
    tell: (userId, notice) => tell(userId, notice),
  })
  const policy = policyEngine({
    hold,
    sendHold: heldSends,
    budget: newDeviceBudget({
      db: database.db,
      limits: settings.newDeviceSendLimits,
      windowHours: settings.newDeviceHoldHours,
      oneConnection: database.kind === 'pglite',
    }),
  })
  const auth = createAuthService({
    db: database.db,
    secret,
    keys: accessTokenKeys,
    appId: settings.appId,
    issuer: settings.accessTokenIssuer,
    session: { lifetimeHours: settings.sessionLifetimeHours, maxDays: settings.sessionMaxDays },
    limits: options.signInLimits ?? defaultSignInLimits(settings.codesPerClientPerHour),
    codeChallengeMaxNumber: settings.codeChallengeMaxNumber,
    exportCooldownHours: settings.exportCooldownHours,
    channels: { phone: sms, email },
    // A user never exists without its first wallets: they are written in the statement that writes the user.
    onUserCreated: [createFirstWallets(vault)],
    embeddedWalletsFor: settings.embeddedWalletsFor,
    walletNonceLimits: options.walletSignInLimits ?? defaultSignInNonceLimits,
    hold,
    logger,
  })
  const chains = chooseChains({ settings, logger })
  const sponsorPart = await chooseSponsor({
    db: database.db,
    vault,
    settings,
    chains: () => chains.adapter,
    oneConnection: database.kind === 'pglite',
    logger,
  })
  // The sponsor's keys are sealed as members' are: one the vault cannot open is counted with them.
  const unopenable = (await countUnopenableWallets(database.db, vault)) + sponsorPart.unopenable
  if (unopenable > 0) {
    logger.error(
      `${unopenable} wallets are wrapped by a master key this server does not have: they cannot sign or export. Set the key in WALLET_PREVIOUS_MASTER_KEYS (and finish the rotation with npm run rewrap-wallet-keys).`,
    )
  }
  const databasePart: Part = {
    name: 'database',
    describe: () => {
      const lost = database.lost?.()
      if (lost) return { status: 'error', detail: `PGlite (embedded): ${lost} Restart Charter.` }
      return { status: 'ok', detail: database.kind === 'postgres' ? 'PostgreSQL' : 'PGlite (embedded)' }
    },
    // Closed with the server when the server opened it; a database the caller gave is the caller's to close.
    ...(options.database ? {} : { close: () => database.close() }),
  }
  const walletsPart: Part = {
    name: 'wallets',
    describe: () =>
      unopenable > 0
        ? {
            status: 'error',
            detail: `${unopenable} wallets are wrapped by a master key this server does not have`,
            unopenable,
          }
        : { status: 'ok' },
  }
  const sponsor = sponsorPart.sponsor
  // Last, so that it starts once the parts its jobs use run, and stops (its runs finished) before they close.
  const jobs = backgroundJobs(
    serverJobs({
      db: database.db,
      chains: () => chains.adapter,
      vault,
      feeCaps: sendFeeCaps(settings),
      policy,
      sponsor,
      sendHold: heldSends,
      signOuts,
      hold,
      logger,
      sendJobs: options.sendJobs !== false,
      incoming: {
        everyMs: readEveryMs[settings.mode],
        // Locally every member's wallets; in production those of members seen lately (incoming/polledWallets.ts).
        everyWallet: settings.mode === 'embedded',
      },
    }),
    logger,
  )
  // Every part, once, in the order they start and /api/health lists them.
  const registry = partsRegistry(
    {
      database: databasePart,
      sms: senders.sms,
      email: senders.email,
      devOutbox: senders.devOutbox,
      chains,
      pinning: choosePinning({ settings, db: database.db, logger }),
      onramp: chooseOnramp(settings, logger),
      wallets: walletsPart,
      sponsor: sponsorPart,
      jobs,
    },
    logger,
  )
  return {
    database,
    auth,
    hold,
    sendHold: heldSends,
    policy,
    signOuts,
    freeze,
    passkeys,
    accessTokenKeys,
    vault,
    sponsor,
    registry,
  }
}

type NodeServer = ReturnType<typeof serve>

/** Serves `app` on `host:port` (0: a free port) with Charter's connection limits. */
export async function listen(
  app: { fetch: (request: Request) => Response | Promise<Response> },
  host: string,
  port: number,
): Promise<NodeServer> {
  const server = await new Promise<NodeServer>((resolve, reject) => {
    const s = serve({ fetch: app.fetch, hostname: host, port }, () => resolve(s))
    s.once('error', reject)
  })
  if ('headersTimeout' in server) {
    server.headersTimeout = connectionLimits.headersTimeoutMs
    server.requestTimeout = connectionLimits.requestTimeoutMs
    server.keepAliveTimeout = connectionLimits.keepAliveTimeoutMs
    server.maxConnections = connectionLimits.maxConnections
    capConnectionsPerAddress(server, connectionLimits.maxConnectionsPerAddress)
  }
  return server
}

/** Stops accepting, and ends the open connections, which keep-alive would otherwise hold until they time out. */
export function closeServer(server: NodeServer): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    server.close((error) => (error ? reject(error) : resolve()))
    if ('closeAllConnections' in server) server.closeAllConnections()
  })
}

/**
 * Starts Charter's HTTP server; port 0 picks a free port (tests). Every part starts before it listens; when one
 * cannot, or it cannot listen, every part is closed and it throws.
 */
export async function startServer(options: StartServerOptions): Promise<RunningServer> {
  const parts = await buildParts(options)
  const { host, port } = options.settings
  let app: AppType
  let server: NodeServer
  try {
    app = createApp({ ...options, parts })
    await parts.registry.start()
    server = await listen(app, host, port)
  } catch (error) {
    // Nothing may outlive a server that never listened (closing twice is harmless: a failed start has closed).
    await parts.registry.close()
    throw error
  }
  const address = server.address() as AddressInfo
  const shownHost = host === '0.0.0.0' || host === '::' ? 'localhost' : host
  const url = `http://${shownHost.includes(':') ? `[${shownHost}]` : shownHost}:${address.port}`
  // Charter's own gateway links point where this server answers, unless PUBLIC_URL says otherwise.
  parts.registry.get('pinning').adapter?.connect(url)
  // The cancel links in held actions' notices point where this server answers, unless PUBLIC_URL says otherwise.
  parts.hold.connect(url)
  // Passkeys belong to PUBLIC_URL's host, or in embedded mode to `localhost` on the port it listens on.
  parts.passkeys.connect(url)
  return {
    url,
    parts,
    app,
    close: async () => {
      try {
        await closeServer(server)
      } finally {
        // The parts go once no request can reach them, and go even when the listener did not close cleanly.
        await parts.registry.close()
      }
    },
  }
}
