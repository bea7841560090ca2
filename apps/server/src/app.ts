import { fileURLToPath } from 'node:url'
import { shortenAddress } from '@charter/core'
import { Hono } from 'hono'
import rootPackage from '../../../package.json' with { type: 'json' }
import { analyticsRoutes } from './analytics/analyticsRoutes.ts'
import type { AuthService } from './auth/AuthService.ts'
import { authRoutes } from './auth/authRoutes.ts'
import type { Chains } from './chains/Chains.ts'
import { chainsRoutes } from './chains/chainsRoutes.ts'
import { faucetRoutes } from './chains/faucetRoutes.ts'
import { rpcProxyRoutes } from './chains/rpcProxyRoutes.ts'
import type { Database } from './db/Database.ts'
import type { AccountFreeze } from './holds/accountFreeze.ts'
import { freezeRoutes } from './holds/freezeRoutes.ts'
import { heldLinkPage } from './holds/heldLinkPage.ts'
import type { HeldSignOuts } from './holds/heldSignOuts.ts'
import { holdRoutes } from './holds/holdRoutes.ts'
import type { NewDeviceHold } from './holds/newDeviceHold.ts'
import type { SendHold } from './holds/sendHold.ts'
import { accessLog } from './http/accessLog.ts'
import { appOriginsCors } from './http/appOriginsCors.ts'
import { bodyLimit } from './http/bodyLimit.ts'
import { declineLimiter } from './http/declineLimit.ts'
import { errorHandler } from './http/errorHandler.ts'
import { healthRoutes } from './http/health.ts'
import { hostGuard } from './http/hostGuard.ts'
import { securityHeaders } from './http/securityHeaders.ts'
import { isWebAppBuilt, webApp } from './http/webApp.ts'
import { receivedRoutes } from './incoming/receivedRoutes.ts'
import type { BackgroundJobsPart } from './jobs/backgroundJobs.ts'
import type { Logger } from './log/logger.ts'
import { type AccessTokenKeys, accessTokenVerificationKey } from './members/accessToken.ts'
import { codeFlows } from './members/codeFlows.ts'
import { deviceCookie } from './members/deviceCookie.ts'
import { pendingKeys } from './members/pendingKeys.ts'
import { type SessionCookie, sessionCookie } from './members/sessionCookie.ts'
import { type SessionVariables, sessionMiddleware } from './members/sessionMiddleware.ts'
import { signedRequest } from './members/signedRequest.ts'
import type { OnrampService } from './onramp/chooseOnramp.ts'
import { fundingRoutes } from './onramp/fundingRoutes.ts'
import { sandboxRoutes } from './onramp/sandboxRoutes.ts'
import { defaultInvitationLimits } from './organizations/invitationDelivery.ts'
import { documentTooLarge } from './organizations/OrganizationError.ts'
import { organizationRoutes } from './organizations/organizationRoutes.ts'
import type { OutsideService, Part } from './parts/Part.ts'
import type { PartsRegistry } from './parts/PartsRegistry.ts'
import { passkeyRoutes } from './passkeys/passkeyRoutes.ts'
import type { PasskeyService } from './passkeys/passkeys.ts'
import type { PinningService } from './pinning/choosePinning.ts'
import { documentSizeLimit } from './pinning/documentSizeLimit.ts'
import { gatewayRoutes } from './pinning/gatewayRoutes.ts'
import { pinningRoutes } from './pinning/pinningRoutes.ts'
import type { PolicyEngine } from './policy/policyEngine.ts'
import type { DevOutboxPart, SenderService } from './senders/chooseSenders.ts'
import { devOutboxRoutes } from './senders/devOutboxRoutes.ts'
import type { EmailSender, SmsSender } from './senders/Senders.ts'
import { appConfig } from './serverApi/appConfig.ts'
import { serverApiRoutes } from './serverApi/serverApiRoutes.ts'
import type { Settings } from './settings/env.ts'
import type { Sponsor } from './sponsor/Sponsor.ts'
import type { SponsorPart } from './sponsor/sponsorPart.ts'
import { sponsorRoutes } from './sponsor/sponsorRoutes.ts'
import { pendingKeyRoutes } from './walletFrame/pendingKeyRoutes.ts'
import { walletFramePages } from './walletFrame/walletFramePages.ts'
import type { KeyVault } from './wallets/KeyVault.ts'
import { sendFeeCaps } from './wallets/sends/sendFeeCaps.ts'
import { sendsRoutes } from './wallets/sends/sendsRoutes.ts'
import { walletRoutes } from './wallets/walletRoutes.ts'
import { walletFinder } from './wallets/walletStore.ts'

export const version: string = rootPackage.version

export const defaultWebDist = fileURLToPath(new URL('../../web/dist/', import.meta.url))

/** The server's parts, chosen from the settings by `startServer` (embedded defaults or real services). */
export type AppParts = {
  database: Database
  auth: AuthService
  /** The new-device hold: what a session younger than NEW_DEVICE_HOLD_HOURS asks for waits (holds/). */
  hold: NewDeviceHold
  /** Sends above NEW_DEVICE_SEND_LIMIT_* from a new device: held, then sent when the hold ends (holds/). */
  sendHold: SendHold
  /** The one decision before any key signs (policy/policyEngine.ts). */
  policy: PolicyEngine
  /** Signing out from a new device: older sessions' ending waits the hold (holds/heldSignOuts.ts). */
  signOuts: HeldSignOuts
  /** The account's freeze: no send, signature or export until it ends (holds/accountFreeze.ts). */
  freeze: AccountFreeze
  /** The members' passkeys: sign-in without a code, and the proof that releases a held action (passkeys/). */
  passkeys: PasskeyService
  accessTokenKeys: AccessTokenKeys
  vault: KeyVault
  /** Who pays members' network fees (sponsor/): `sponsorOff` where nobody does. */
  sponsor: Sponsor
  /** Every part, registered once: what /api/health reports, in its order, and what starts and closes. */
  registry: AppRegistry
}

/**
 * The server's parts by name, in the order they start and /api/health reports them (they close in reverse). A
 * new outside service is one line here and one in `buildParts` (server.ts), which registers it.
 */
export type AppRegistryParts = {
  database: Part
  sms: SenderService<SmsSender>
  email: SenderService<EmailSender>
  /** Embedded mode only: where codes go instead of a real SMS or email, and the token its routes answer to. */
  devOutbox: DevOutboxPart | undefined
  /** The chains offered: local devnets (embedded), or remote nodes from the settings (production). */
  chains: OutsideService<Chains>
  /**
   * Which service pins the server's documents (Pinata over HTTP, or Charter's own in this process) and where they
   * are read (`adapter.pin`, `adapter.gatewayUrl`), and Charter's own service and gateway when this server runs it.
   */
  pinning: PinningService
  /** Who sells crypto for the funding routes: Coinbase, the embedded sandbox, or nobody (`missing`). */
  onramp: OnrampService
  wallets: Part
  /** Who pays members' network fees: its keys, its local funding at start, its balances (sponsor/). */
  sponsor: SponsorPart
  /**
   * What the server does by itself: the hourly sweep of old rows and the 30-second jobs (pending sends
   * followed, held sends and held actions released), each job's last run in /api/health (jobs/).
   */
  jobs: BackgroundJobsPart
}

export type AppRegistry = PartsRegistry<AppRegistryParts>

export type AppOptions = {
  settings: Settings
  logger: Logger
  parts: AppParts
  /** Folder of the built web app; the default is `apps/web/dist`. */
  webDist?: string
}

/**
 * What every `/api` request passes before its route: no caching of answers, the body limit, and the session
 * (cookie or bearer token) read onto the request. Exported so the bench's no-op floor routes sit behind the very
 * same steps (bench/floorApp.ts).
 */
export function apiFrame({
  settings,
  parts,
  cookie,
}: {
  settings: Settings
  parts: AppParts
  cookie: SessionCookie
}) {
  const smallBodyLimit = bodyLimit({
    maxSize: 64 * 1024,
    onError: (c) => {
      // The rest of the body is never read, so this connection cannot carry another request.
      c.header('Connection', 'close')
      return c.json({ error: 'The request body is too large (64 KB at most).', code: 'invalid_data' }, 413)
    },
  })
  const documentSize = documentSizeLimit(settings.pinning.maxBytes)
  const documentBodyLimit = bodyLimit({
    // The document itself is checked against PINNING_MAX_BYTES by its route; this bounds the envelope around it.
    maxSize: documentSize.maxBodyBytes,
    onError: (c) => {
      c.header('Connection', 'close')
      const refusal = documentTooLarge(documentSize.maxBytes)
      return c.json({ error: refusal.shortMessage, code: refusal.code }, 413)
    },
  })
  return new Hono<{ Variables: SessionVariables }>()
    .use(async (c, next) => {
      await next()
      // Answers about a member (codes, keys, sessions) must never be kept by a browser or a proxy cache.
      c.header('Cache-Control', 'no-store')
    })
    .use(async (c, next) =>
      // An organisation's or a role's document may be as large as the pinning service takes (PINNING_MAX_BYTES).
      (isDocumentRoute(c.req.method, c.req.path) ? documentBodyLimit : smallBodyLimit)(c, next),
    )
    .use(readSession({ settings, parts, cookie }))
}

/** The session (cookie or bearer token) read onto the request, for the API and the sandbox's pages alike. */
const readSession = ({
  settings,
  parts,
  cookie,
}: {
  settings: Settings
  parts: AppParts
  cookie: SessionCookie
}) =>
  sessionMiddleware({
    db: parts.database.db,
    keys: parts.accessTokenKeys,
    audience: { appId: settings.appId, issuer: settings.accessTokenIssuer },
    lifetimeHours: settings.sessionLifetimeHours,
    cookie,
  })

/**
 * What the sandbox's pages pass first: no caching (a page carries a session token in its forms), a small body
 * (a form with an amount), and the member's session, read as the API reads it.
 */
function sandboxApp({
  settings,
  parts,
  cookie,
  chains,
  logger,
}: {
  settings: Settings
  parts: AppParts
  cookie: SessionCookie
  chains: Chains
  logger: Logger
}) {
  return new Hono<{ Variables: SessionVariables }>()
    .use(async (c, next) => {
      await next()
      c.header('Cache-Control', 'no-store')
      // Its forms must post with this origin's name, which a browser sends as `Origin: null` under Charter's
      // no-referrer (the host guard refuses that). Same-origin gives the URL, and its token, to this origin alone.
      c.header('Referrer-Policy', 'same-origin')
    })
    .use(
      bodyLimit({
        maxSize: 4 * 1024,
        onError: (c) => {
          c.header('Connection', 'close')
          return c.text('The form is too large.', 413)
        },
      }),
    )
    .use(readSession({ settings, parts, cookie }))
    .route('/', sandboxRoutes({ db: parts.database.db, chains, appId: settings.appId, logger }))
}

/**
 * The routes whose body carries a metadata document (organizations/): POST or PUT of an organisation or a role.
 * The signature check reads these bodies whole (it covers them), so this limit is what bounds that read too.
 */
const isDocumentRoute = (method: string, path: string) =>
  (method === 'POST' || method === 'PUT') &&
  /^\/api\/v1\/organizations(\/[^/]+\/(document|roles(\/[^/]+)?))?$/.test(path)

/**
 * What every request passes first, and how every error is answered: the access log, the security headers, the
 * host guard; `mount` adds the routes. Exported for the bench's floor, like `apiFrame`.
 */
export function appFrame<Routes extends Hono>(
  { settings, logger }: { settings: Settings; logger: Logger },
  mount: (app: Hono) => Routes,
): Routes {
  const app = mount(
    new Hono()
      .use(accessLog(logger))
      .use(securityHeaders(settings.allowedAppOrigins))
      .use(
        hostGuard({
          embedded: settings.mode === 'embedded',
          publicUrl: settings.publicUrl,
          appOrigins: settings.allowedAppOrigins,
        }),
      )
      .use(appOriginsCors(settings.allowedAppOrigins)),
  )
  app.onError(errorHandler(logger))
  return app
}

/** The composition root: every route of Charter's server, over the parts it is given. */
export function createApp({ settings, logger, parts, webDist = defaultWebDist }: AppOptions) {
  const { database } = parts
  const cookie = sessionCookie(settings.mode === 'production')
  const flows = codeFlows({ secure: settings.mode === 'production', trustProxy: settings.trustProxy })
  const publicOrigin = settings.publicUrl?.origin
  const pending = pendingKeys(database.db)
  const chains = parts.registry.get('chains').adapter
  const findWallet = walletFinder(database.db)
  const signIn = authRoutes({
    chains,
    publicUrl: settings.publicUrl,
    trustProxy: settings.trustProxy,
    auth: parts.auth,
    db: database.db,
    sms: parts.auth.channels.phone,
    email: parts.auth.channels.email,
    cookie,
    flows,
    device: deviceCookie(settings.mode === 'production'),
    pending,
    hold: parts.hold,
    signOuts: parts.signOuts,
    passkeys: parts.passkeys,
    signed: signedRequest({
      appId: settings.appId,
      publicOrigin,
      trustProxy: settings.trustProxy,
      refusal: 'account',
    }),
  })
  const webPart: Part = {
    name: 'web',
    describe: () =>
      isWebAppBuilt(webDist) ? { status: 'ok' } : { status: 'missing', detail: 'run npm run build' },
  }
  const startedAt = new Date()
  const serverApi = serverApiRoutes({
    db: database.db,
    appId: settings.appId,
    secretDigest: settings.appSecretDigest,
    trustProxy: settings.trustProxy,
    logger,
    config: (createdAt) =>
      appConfig({
        settings,
        verificationKey: accessTokenVerificationKey(parts.accessTokenKeys),
        sms: parts.auth.channels.phone !== undefined,
        email: parts.auth.channels.email !== undefined,
        fiatOnRamp: parts.registry.get('onramp').adapter !== undefined,
        chainTypes: new Set(
          parts.registry
            .get('chains')
            .adapter.list()
            .map((chain) => chain.type),
        ),
        passkeys: parts.passkeys.available(),
        createdAt,
        startedAt,
      }),
  })
  // Embedded mode only: in production there are no dev routes at all (their type stays, for the test client).
  const devOutbox = parts.registry.get('devOutbox')
  const dev = devOutbox
    ? devOutboxRoutes(devOutbox.outbox, devOutbox.token.value)
    : (new Hono() as ReturnType<typeof devOutboxRoutes>)
  // The faucet credits local devnets only: production has no such route (its type stays, as the outbox's).
  const faucet =
    chains.mode === 'embedded'
      ? faucetRoutes({ chains, logger })
      : (new Hono() as ReturnType<typeof faucetRoutes>)
  const onramp = parts.registry.get('onramp').adapter

  const api = apiFrame({ settings, parts, cookie })
    .route(
      '/health',
      healthRoutes({
        version,
        mode: settings.mode,
        appId: settings.appId,
        parts: () => [...parts.registry.list(), webPart],
      }),
    )
    .route('/v1', signIn)
    // After sign-in's routes, so that GET /v1/users/me stays the member's own and never a server-API lookup.
    .route('/v1', serverApi)
    .route('/v1', analyticsRoutes({ db: database.db, trustProxy: settings.trustProxy }))
    .route(
      '/v1',
      walletRoutes({
        db: database.db,
        vault: parts.vault,
        auth: parts.auth,
        hold: parts.hold,
        appId: settings.appId,
        publicOrigin,
        trustProxy: settings.trustProxy,
        flows,
        maxWalletsPerChain: settings.maxWalletsPerChain,
        sending: { chains, ...sendFeeCaps(settings), policy: parts.policy, sponsor: parts.sponsor },
        limitDeclines: declineLimiter(database.db),
        proveExport: (session, walletId, response) => parts.passkeys.proveExport(session, walletId, response),
      }),
    )
    .route(
      '/v1',
      passkeyRoutes({
        passkeys: parts.passkeys,
        db: database.db,
        signed: signedRequest({
          appId: settings.appId,
          publicOrigin,
          trustProxy: settings.trustProxy,
          refusal: 'account',
        }),
        describeWallet: async (userId, walletId) => {
          const wallet = await findWallet(userId, walletId)
          return `your ${wallet.chainType === 'ethereum' ? 'Ethereum' : 'Solana'} wallet ${shortenAddress(wallet.address)}`
        },
        releaseNow: () => {
          parts.registry
            .get('jobs')
            .runNow(['releaseHeldSends', 'releaseHeldActions'])
            .catch((error: unknown) =>
              logger.error(`Releasing a held action at once failed: ${String(error)}`),
            )
        },
      }),
    )
    .route(
      '/v1',
      holdRoutes({
        hold: parts.hold,
        budget: parts.policy.budget,
        signed: signedRequest({
          appId: settings.appId,
          publicOrigin,
          trustProxy: settings.trustProxy,
          refusal: 'account',
        }),
      }),
    )
    .route(
      '/v1',
      freezeRoutes({
        freeze: parts.freeze,
        signed: signedRequest({
          appId: settings.appId,
          publicOrigin,
          trustProxy: settings.trustProxy,
          refusal: 'account',
        }),
      }),
    )
    .route('/v1', receivedRoutes({ db: database.db, chains }))
    .route('/v1', sendsRoutes({ db: database.db, chains }))
    .route(
      '/v1',
      pendingKeyRoutes({ db: database.db, pending, trustProxy: settings.trustProxy, publicOrigin }),
    )
    .route(
      '/v1',
      organizationRoutes({
        db: database.db,
        pinning: parts.registry.get('pinning').adapter,
        sizeLimit: documentSizeLimit(settings.pinning.maxBytes),
        signed: signedRequest({
          appId: settings.appId,
          publicOrigin,
          trustProxy: settings.trustProxy,
          refusal: 'organization',
        }),
        channels: parts.auth.channels,
        publicUrl: settings.publicUrl,
        trustProxy: settings.trustProxy,
        invitationLimits: {
          ...defaultInvitationLimits,
          perClient: parts.auth.sendsPerClient,
          textsPerDay: { limit: settings.invitationTextsPerDay, windowSeconds: 86_400 },
        },
        logger,
      }),
    )
    .route('/v1', chainsRoutes(chains, settings.newDeviceSendLimits, onramp?.networkOf))
    .route('/v1', sponsorRoutes({ sponsor: parts.sponsor, chains }))
    .route('/v1', fundingRoutes({ db: database.db, onramp, chains, trustProxy: settings.trustProxy, logger }))
    .route(
      '/v1',
      rpcProxyRoutes({
        chains,
        db: database.db,
        appId: settings.appId,
        trustProxy: settings.trustProxy,
        logger,
        appOrigins: settings.allowedAppOrigins,
      }),
    )
    .route('/dev', dev)
    .route('/dev', faucet)

  api.all('*', (c) =>
    c.json({ error: `There is no API route ${c.req.method} ${c.req.path}.`, code: 'not_found' }, 404),
  )

  // Charter's own pinning service and its gateway, at the root as Pinata's API and IPFS gateways have them.
  const ownPinning = parts.registry.get('pinning').adapter?.own
  const pinning = pinningRoutes({ own: ownPinning, db: database.db, trustProxy: settings.trustProxy, logger })
  const gateway = gatewayRoutes(ownPinning)

  // The on-ramp sandbox's buy page, embedded mode only: production has no such route (its type stays).
  const sandbox =
    settings.mode === 'embedded' && onramp?.service === 'sandbox'
      ? sandboxApp({ settings, parts, cookie, chains, logger })
      : (new Hono() as ReturnType<typeof sandboxApp>)

  return appFrame({ settings, logger }, (app) =>
    app
      .route('/api', api)
      .route('/pinning', pinning)
      .route('/ipfs', gateway)
      .route('/sandbox/onramp', sandbox)
      .route('/held', heldLinkPage(parts.hold))
      .route(
        '/apps',
        walletFramePages({
          distDir: webDist,
          config: { appId: settings.appId, allowedOrigins: settings.allowedAppOrigins },
        }),
      )
      .route('/', webApp(webDist)),
  )
}

export type AppType = ReturnType<typeof createApp>
