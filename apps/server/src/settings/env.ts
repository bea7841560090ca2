import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { z } from 'zod'
import { appIdFileName, newAppId, readAppIdFile } from './appId.ts'
import { readAppOrigins } from './appOrigins.ts'
import { readCdpKey } from './cdpKey.ts'
import {
  chainVariables,
  type RemoteChainSetting,
  remoteChains,
  unknownRpcUrlSettings,
} from './chainSettings.ts'
import { keyWeakness, secretWeakness } from './secretStrength.ts'
import { sendLimitsFrom, sendLimitVariables } from './sendLimitSettings.ts'

/**
 * Every setting of the server, read and validated in one place. No other file reads `process.env`:
 * the rest of the server receives a `Settings` value, so tests build one without touching the environment.
 * Each setting is described in `.env.example` and in the README's Settings table (env.test.ts holds both to
 * the schema's list).
 */
const countryList = z
  .string()
  .transform((value) => value.split(',').map((code) => code.trim().toUpperCase()))
  .pipe(
    z.array(
      z
        .string()
        .regex(/^(\*|[A-Z]{2})$/, 'use two-letter country codes (US,GB,DE) separated by commas, or *'),
    ),
  )

const pageUrl = (what: string) =>
  z.url({ protocol: /^https?$/, error: `must be the http(s) URL of ${what}` }).optional()

const variablesSchema = z.object({
  CHARTER_MODE: z.enum(['embedded', 'production']).default('embedded'),
  PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('.data'),
  LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error', 'silent']).default('info'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  APP_ID: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,64}$/, 'use letters, digits, - and _ (64 at most)')
    .optional(),
  ALLOWED_APP_ORIGINS: z.string().optional(),
  AUTH_SECRET: z.string().min(32, 'must be at least 32 characters (e.g. openssl rand -hex 32)').optional(),
  ACCESS_TOKEN_ISSUER: z
    .string()
    .regex(
      /^[\x21-\x7e]{1,100}$/,
      'printable characters without spaces (100 at most), e.g. charter or privy.io',
    )
    .default('charter'),
  APP_SECRET: z.string().min(32, 'must be at least 32 characters (openssl rand -hex 32)').optional(),
  APP_NAME: z.string().trim().min(1).max(100).default('Charter'),
  APP_LOGO_URL: pageUrl('the logo image'),
  APP_ACCENT_COLOR: z
    .string()
    .regex(/^#[0-9a-fA-F]{6}$/, 'a colour as #RRGGBB, e.g. #1f4bd8')
    .default('#1f4bd8'),
  APP_TERMS_URL: pageUrl('the terms and conditions page'),
  APP_PRIVACY_URL: pageUrl('the privacy policy page'),
  WALLET_MASTER_KEY: z
    .string()
    .regex(/^(0x)?[0-9a-fA-F]{64}$/, 'must be 32 bytes as 64 hex characters (openssl rand -hex 32)')
    .optional(),
  WALLET_PREVIOUS_MASTER_KEYS: z
    .string()
    .transform((value) => value.split(',').map((key) => key.trim()))
    .pipe(
      z.array(
        z.string().regex(/^(0x)?[0-9a-fA-F]{64}$/, 'each must be 64 hex characters, separated by commas'),
      ),
    )
    .optional(),
  PUBLIC_URL: z
    .url({
      protocol: /^https?$/,
      error: 'must be the http(s) URL members open, e.g. https://charter.example.org',
    })
    .optional(),
  SESSION_LIFETIME_HOURS: z.coerce.number().int().min(1).max(8760).default(168),
  SESSION_MAX_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  EXPORT_COOLDOWN_HOURS: z.coerce.number().int().min(0).max(720).default(24),
  NEW_DEVICE_HOLD_HOURS: z.coerce.number().min(0).max(720).default(24),
  EMBEDDED_WALLETS_FOR: z.enum(['all-users', 'users-without-wallets']).default('all-users'),
  MAX_WALLETS_PER_CHAIN: z.coerce.number().int().min(1).max(1000).default(10),
  SEND_MAX_FEE_ETH: z
    .string()
    .regex(/^(\d{1,9}(\.\d{1,18})?|\.\d{1,18})$/, 'must be an amount of ETH, e.g. 0.01')
    .default('0.01'),
  SEND_MAX_FEE_SOL: z
    .string()
    .regex(/^(\d{1,9}(\.\d{1,9})?|\.\d{1,9})$/, 'must be an amount of SOL, e.g. 0.01')
    .default('0.01'),
  SMS_ALLOWED_COUNTRIES: countryList.optional(),
  SPONSOR_FEES: z
    .enum(['off', 'members', 'organizations'], {
      error: 'off (members pay their own fees), members (every member) or organizations (members of one)',
    })
    .optional(),
  SPONSOR_SENDS_PER_DAY: z.coerce.number().int().min(0).max(100_000).default(20),
  SPONSOR_SENDS_PER_HOUR: z.coerce.number().int().min(0).max(1_000_000).default(300),
  SPONSOR_FEE_PER_DAY_ETH: z
    .string()
    .regex(/^(\d{1,9}(\.\d{1,18})?|\.\d{1,18})$/, 'must be an amount of ETH, e.g. 0.002')
    .default('0.002'),
  SPONSOR_FEE_PER_DAY_SOL: z
    .string()
    .regex(/^(\d{1,9}(\.\d{1,9})?|\.\d{1,9})$/, 'must be an amount of SOL, e.g. 0.01')
    .default('0.01'),
  SPONSOR_LOW_BALANCE_ETH: z
    .string()
    .regex(/^(\d{1,9}(\.\d{1,18})?|\.\d{1,18})$/, 'must be an amount of ETH, e.g. 0.05')
    .default('0.05'),
  SPONSOR_LOW_BALANCE_SOL: z
    .string()
    .regex(/^(\d{1,9}(\.\d{1,9})?|\.\d{1,9})$/, 'must be an amount of SOL, e.g. 0.5')
    .default('0.5'),
  TRUST_PROXY: z
    .string()
    .regex(/^(true|false|\d{1,2})$/, 'the number of proxies you run in front of Charter (0, 1, 2…)')
    .transform((value) => (value === 'true' ? 1 : value === 'false' ? 0 : Number(value)))
    .default(0),
  DEV_OUTBOX_TOKEN: z.string().min(16, 'must be at least 16 characters (openssl rand -hex 16)').optional(),
  CODES_PER_CLIENT_PER_HOUR: z.coerce.number().int().min(1).max(100_000).default(30),
  INVITATION_TEXTS_PER_DAY: z.coerce.number().int().min(0).max(10_000_000).default(500),
  CODE_CHALLENGE_MAX_NUMBER: z.coerce.number().int().min(1).max(100_000_000).default(1_000_000),
  TWILIO_ACCOUNT_SID: z
    .string()
    .regex(/^AC[0-9a-fA-F]{32}$/, 'a Twilio account SID starts with AC')
    .optional(),
  TWILIO_AUTH_TOKEN: z.string().min(1).optional(),
  TWILIO_FROM: z
    .string()
    .min(1, 'a sender number (+15551234567) or a messaging service SID (MG…)')
    .optional(),
  TWILIO_API_URL: z.url().default('https://api.twilio.com'),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL, e.g. smtps://user:pass@smtp.example.org:465')
    .optional(),
  EMAIL_FROM: z.string().min(3).optional(),
  LOCAL_CHAINS: z
    .enum(['on', 'off'], { error: 'on (run the local devnets) or off (offer no chains)' })
    .default('on'),
  PINNING_API_KEYS: z
    .string()
    .transform((value) => value.split(',').map((key) => key.trim()))
    .pipe(
      z.array(
        z
          .string()
          .regex(
            /^[\x21-\x2b\x2d-\x7e]{24,256}$/,
            'each key 24 to 256 printable characters without spaces or commas (openssl rand -hex 32), separated by commas',
          ),
      ),
    )
    .optional(),
  PINNING_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .max(16 * 1024 * 1024)
    .default(1024 * 1024),
  PINATA_JWT: z.string().min(1).optional(),
  PINATA_API_URL: z
    .url({
      protocol: /^https?$/,
      error: "must be the http(s) URL of Pinata's API, e.g. https://api.pinata.cloud",
    })
    .default('https://api.pinata.cloud'),
  PINATA_GATEWAY: z
    .url({
      protocol: /^https?$/,
      error: 'must be the https URL of your gateway, e.g. https://example.mypinata.cloud',
    })
    .refine(
      (value) => !URL.canParse(value) || !/\/ipfs\/*$/i.test(new URL(value).pathname),
      'give the gateway without /ipfs at the end (e.g. https://example.mypinata.cloud): Charter adds /ipfs/{cid} itself, and a second /ipfs finds nothing',
    )
    .optional(),
  PINATA_GATEWAY_TOKEN: z.string().min(1).optional(),
  CDP_API_KEY_ID: z
    .string()
    .regex(/^[\x21-\x7e]{1,200}$/, "the CDP API key's id (or name), printable characters without spaces")
    .optional(),
  CDP_API_KEY_SECRET: z.string().min(1).optional(),
  CDP_PROJECT_ID: z
    .string()
    .regex(
      /^[A-Za-z0-9_-]{1,100}$/,
      "the CDP project id (letters, digits, - and _), the on-ramp link's appId",
    )
    .optional(),
  COINBASE_API_URL: z
    .url({
      protocol: /^https?$/,
      error: "must be the http(s) URL of Coinbase's API, e.g. https://api.developer.coinbase.com",
    })
    .default('https://api.developer.coinbase.com'),
  ...chainVariables,
  ...sendLimitVariables,
})

/**
 * The settings that hold a secret. Each may instead come from a file (`APP_SECRET_FILE=/run/secrets/app`), as
 * container secret stores provide them, so that the secret never sits in the environment.
 */
const secretSettings = [
  'AUTH_SECRET',
  'APP_SECRET',
  'WALLET_MASTER_KEY',
  'WALLET_PREVIOUS_MASTER_KEYS',
  'DEV_OUTBOX_TOKEN',
  'DATABASE_URL',
  'TWILIO_AUTH_TOKEN',
  'SMTP_URL',
  'PINNING_API_KEYS',
  'PINATA_JWT',
  'PINATA_GATEWAY_TOKEN',
  'CDP_API_KEY_SECRET',
] as const satisfies (keyof typeof variablesSchema.shape)[]

const fileSettingNames = secretSettings.map((name) => `${name}_FILE`)

/** The name of every setting, so a test can hold `.env.example` and the README's table to the whole list. */
export const settingNames = [...Object.keys(variablesSchema.shape), ...fileSettingNames]

/**
 * The variables, checked together (what production needs, what goes in pairs) and turned into the shape the
 * rest of the server reads. `Settings` is inferred from it, so the two cannot drift apart.
 */
const settingsSchema = variablesSchema.transform((env, context) => {
  const problems: string[] = []

  const twilioParts = [env.TWILIO_ACCOUNT_SID, env.TWILIO_AUTH_TOKEN, env.TWILIO_FROM]
  const twilio =
    env.TWILIO_ACCOUNT_SID && env.TWILIO_AUTH_TOKEN && env.TWILIO_FROM
      ? {
          accountSid: env.TWILIO_ACCOUNT_SID,
          authToken: env.TWILIO_AUTH_TOKEN,
          from: env.TWILIO_FROM,
          apiUrl: env.TWILIO_API_URL,
        }
      : undefined
  if (!twilio && twilioParts.some(Boolean)) {
    problems.push('TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM: set all three, or none')
  }
  if (Boolean(env.SMTP_URL) !== Boolean(env.EMAIL_FROM)) {
    problems.push('SMTP_URL and EMAIL_FROM: set both, or neither')
  }
  const smtp = env.SMTP_URL && env.EMAIL_FROM ? { url: env.SMTP_URL, from: env.EMAIL_FROM } : undefined

  if (env.CHARTER_MODE === 'embedded' && !isLoopbackHost(env.HOST) && !env.DEV_OUTBOX_TOKEN) {
    problems.push(
      `HOST: embedded mode listens on this machine only (127.0.0.1, ::1 or localhost), since whoever holds the dev outbox token can read every sign-in code. To listen on ${env.HOST}, choose that token yourself: also set DEV_OUTBOX_TOKEN (openssl rand -hex 16).`,
    )
  }
  // The app's server holds APP_SECRET; were it AUTH_SECRET too, that server could sign any member's tokens. A
  // copy that differs only by a space or a line break is the same secret pasted twice, so whitespace is ignored.
  if (
    env.APP_SECRET &&
    env.AUTH_SECRET &&
    withoutWhitespace(env.APP_SECRET) === withoutWhitespace(env.AUTH_SECRET)
  ) {
    problems.push('APP_SECRET: must differ from AUTH_SECRET (openssl rand -hex 32 for each)')
  }
  // Embedded mode runs its own devnets; a chain list there would be silently ignored, so it is refused.
  if (env.CHARTER_MODE === 'embedded' && env.CHAINS) {
    problems.push(
      'CHAINS: embedded mode runs its own local devnets (Base Sepolia, Arbitrum Sepolia, Solana devnet); CHAINS and the RPC URLs apply with CHARTER_MODE=production',
    )
  }
  if (env.CHARTER_MODE === 'production' && env.LOCAL_CHAINS === 'off') {
    problems.push('LOCAL_CHAINS: applies to embedded mode only; production offers the chains of CHAINS')
  }
  if (!env.PINATA_JWT && (env.PINATA_GATEWAY || env.PINATA_GATEWAY_TOKEN)) {
    problems.push('PINATA_GATEWAY and PINATA_GATEWAY_TOKEN: apply with PINATA_JWT; set it too, or neither')
  }
  const cdpParts = [env.CDP_API_KEY_ID, env.CDP_API_KEY_SECRET, env.CDP_PROJECT_ID]
  if (cdpParts.some(Boolean) && !cdpParts.every(Boolean)) {
    problems.push('CDP_API_KEY_ID, CDP_API_KEY_SECRET and CDP_PROJECT_ID: set all three, or none')
  }
  const cdpKey = env.CDP_API_KEY_SECRET ? readCdpKey(env.CDP_API_KEY_SECRET) : undefined
  if (cdpKey && 'problem' in cdpKey) problems.push(`CDP_API_KEY_SECRET: ${cdpKey.problem}`)
  const chains: RemoteChainSetting[] = env.CHARTER_MODE === 'production' ? remoteChains(env, problems) : []
  const appOrigins = readAppOrigins(env.ALLOWED_APP_ORIGINS ?? '')
  for (const problem of appOrigins.problems) problems.push(`ALLOWED_APP_ORIGINS: ${problem}`)
  const appId = chooseAppId(env, problems)
  if (env.CHARTER_MODE === 'production') {
    if (!env.PUBLIC_URL) {
      problems.push('PUBLIC_URL: required in production, the URL members open (https://charter.example.org)')
    }
    // Whoever guesses one of these holds every member's tokens, the server API or every wallet.
    for (const name of ['AUTH_SECRET', 'APP_SECRET'] as const) {
      const weakness = env[name] && secretWeakness(env[name])
      if (weakness) problems.push(`${name}: too weak (${weakness}); use openssl rand -hex 32`)
    }
    const keyWeak = env.WALLET_MASTER_KEY && keyWeakness(env.WALLET_MASTER_KEY)
    if (keyWeak) problems.push(`WALLET_MASTER_KEY: too weak (${keyWeak}); use openssl rand -hex 32`)
    if (!env.DATABASE_URL) problems.push('DATABASE_URL: required in production (a PostgreSQL URL)')
    // Every replica must give the same id (access tokens carry it), and production keeps nothing in DATA_DIR.
    if (!env.APP_ID) {
      problems.push(
        `APP_ID: required in production, the id your apps are given, the same on every replica (25 lower-case letters and digits suit Privy's React SDK, e.g. ${newAppId()})`,
      )
    }
    if (!env.AUTH_SECRET) problems.push('AUTH_SECRET: required in production (e.g. openssl rand -hex 32)')
    if (!env.WALLET_MASTER_KEY) {
      problems.push(
        'WALLET_MASTER_KEY: required in production (openssl rand -hex 32; keep it in a secret store)',
      )
    }
    if (!twilio && !smtp) {
      problems.push('TWILIO_* or SMTP_URL: production needs a real SMS or email sender for sign-in codes')
    }
    if (twilio && !env.SMS_ALLOWED_COUNTRIES) {
      problems.push('SMS_ALLOWED_COUNTRIES: required with Twilio, e.g. US,CA,GB (every SMS costs money)')
    }
  }
  // Each problem names its settings itself, so it carries no path.
  for (const message of problems) context.issues.push({ code: 'custom', message, input: env })
  if (problems.length > 0) return z.NEVER

  return {
    mode: env.CHARTER_MODE,
    port: env.PORT,
    host: env.HOST,
    /** Absolute path of the folder that holds the embedded parts' state (database, keys). */
    dataDir: resolve(env.DATA_DIR),
    logLevel: env.LOG_LEVEL,
    /** PostgreSQL when set; otherwise PGlite in `dataDir`. */
    databaseUrl: env.DATABASE_URL,
    /** PostgreSQL connections the server holds open at most (node-postgres's pool). */
    databasePoolSize: env.DATABASE_POOL_SIZE,
    /** APP_ID, or the id generated into `appIdFile` (embedded mode, APP_ID unset). */
    appId: appId.appId,
    /**
     * DATA_DIR/app-id when APP_ID is unset (embedded mode): the id was read from it, or is new and is written
     * there at start (`keepAppId`), before any part uses it.
     */
    appIdFile: appId.file,
    /**
     * ALLOWED_APP_ORIGINS: the origins (as `Origin` sends them, deduplicated) of the apps that may frame the
     * wallet page and call the API from the browser. Empty: only Charter's own origin.
     */
    allowedAppOrigins: appOrigins.origins,
    /** Signs access tokens and keys the code digests; generated into `dataDir` in embedded mode. */
    authSecret: env.AUTH_SECRET,
    /** The `iss` of access tokens: `charter`, or `privy.io` for Privy's server library (see .env.example). */
    accessTokenIssuer: env.ACCESS_TOKEN_ISSUER,
    /**
     * SHA-256 (hex) of APP_SECRET, the password of the server API (`serverApi/`); the secret itself is not
     * kept. Undefined: the server API is off.
     */
    appSecretDigest: env.APP_SECRET ? createHash('sha256').update(env.APP_SECRET).digest('hex') : undefined,
    /** What `GET /api/v1/apps/{id}` tells Privy-shaped clients about the app. */
    app: {
      name: env.APP_NAME,
      logoUrl: env.APP_LOGO_URL,
      accentColor: env.APP_ACCENT_COLOR,
      termsUrl: env.APP_TERMS_URL,
      privacyUrl: env.APP_PRIVACY_URL,
    },
    sessionLifetimeHours: env.SESSION_LIFETIME_HOURS,
    /** A session ends this many days after sign-in, however often it is used. */
    sessionMaxDays: env.SESSION_MAX_DAYS,
    /** After a sign-in address changes, exports wait this long. */
    exportCooldownHours: env.EXPORT_COOLDOWN_HOURS,
    /**
     * A session younger than this (hours, decimals allowed) cannot export, move more than its budget, sign out an
     * older session or change a way to sign in at once: it is held, told to every address, and cancellable (holds/).
     * Lifting a freeze from a session younger than its author waits as long. 0 turns the hold off.
     */
    newDeviceHoldHours: env.NEW_DEVICE_HOLD_HOURS,
    /**
     * What a session within the new-device hold sends at once: USDC (whole dollars) and each chain's native coin
     * (whole coins, by chain id or Solana cluster). A larger send is held like an export.
     */
    newDeviceSendLimits: sendLimitsFrom(env),
    /**
     * Who gets Charter's embedded wallets on sign-up: every new member, or only those who sign up without a wallet
     * of their own (a member who signs up with a wallet then gets none).
     */
    embeddedWalletsFor: env.EMBEDDED_WALLETS_FOR,
    /** Wallets one user may have per chain type. */
    maxWalletsPerChain: env.MAX_WALLETS_PER_CHAIN,
    /**
     * A send whose maximum fee (gas limit × max fee per gas) is above this, in the native coin (a decimal string,
     * as settings stay JSON), needs the caller's `allow_high_fee`.
     */
    sendMaxFeeEth: env.SEND_MAX_FEE_ETH,
    /** The same for a Solana send's fee (signatures and priority fee, as the cluster prices it), in SOL. */
    sendMaxFeeSol: env.SEND_MAX_FEE_SOL,
    /**
     * Fees paid for the member (sponsor/): whose network fees the sponsor pays (`SPONSOR_FEES`; every member's in
     * embedded mode, nobody's in production unless set), how many sends a member may have sponsored and how much
     * fee the sponsor may pay for them per chain in a rolling 24 hours (in the chain's coin, a decimal string: the
     * EVM amount applies to each EVM chain), and the sponsor's balance below which /api/health warns.
     */
    sponsor: {
      mode: env.SPONSOR_FEES ?? (env.CHARTER_MODE === 'embedded' ? 'members' : 'off'),
      sendsPerDay: env.SPONSOR_SENDS_PER_DAY,
      /** Sponsored sends per chain in a rolling hour across all members: what bounds the sponsor's spend. */
      chainSendsPerHour: env.SPONSOR_SENDS_PER_HOUR,
      feePerDay: { ethereum: env.SPONSOR_FEE_PER_DAY_ETH, solana: env.SPONSOR_FEE_PER_DAY_SOL },
      lowBalance: { ethereum: env.SPONSOR_LOW_BALANCE_ETH, solana: env.SPONSOR_LOW_BALANCE_SOL },
    },
    /** The URL members open (production): its host is the only one answered, its origin the only one trusted. */
    publicUrl: env.PUBLIC_URL ? new URL(env.PUBLIC_URL) : undefined,
    /** The dev outbox answers only with this token; unset, one is generated into `dataDir`. */
    devOutboxToken: env.DEV_OUTBOX_TOKEN,
    /** Wraps every wallet's data key; generated into `dataDir` in embedded mode, required in production. */
    walletMasterKey: env.WALLET_MASTER_KEY?.replace(/^0x/, ''),
    /** Earlier master keys, still able to open what they wrapped while `npm run rewrap-wallet-keys` runs. */
    walletPreviousMasterKeys: (env.WALLET_PREVIOUS_MASTER_KEYS ?? []).map((key) => key.replace(/^0x/, '')),
    /** ISO country codes SMS codes may go to; `['*']` means anywhere. */
    smsAllowedCountries: env.SMS_ALLOWED_COUNTRIES ?? ['*'],
    /** How many proxies you run in front of Charter: X-Forwarded-For is read that many hops from its end. */
    trustProxy: env.TRUST_PROXY,
    /** Sign-in codes one client address may ask for in an hour (5 times as many may be tried). */
    codesPerClientPerHour: env.CODES_PER_CLIENT_PER_HOUR,
    /** Invitation texts (SMS) the whole server may send in a day (UTC), every organisation together. */
    invitationTextsPerDay: env.INVITATION_TEXTS_PER_DAY,
    /**
     * The proof-of-work challenge a client meets once an address has had its allowance of codes: the answer is
     * a number up to this, so solving takes half as many SHA-256 hashes on average.
     */
    codeChallengeMaxNumber: env.CODE_CHALLENGE_MAX_NUMBER,
    /** Production senders; in embedded mode codes go to the dev outbox instead. */
    twilio,
    smtp,
    /**
     * Production: the chains offered (CHAINS), in order, each with the URL its JSON-RPC goes to (RPC_URL_<id>,
     * SOLANA_RPC_URL_<CLUSTER>, or the chain's public URL). The URLs may hold keys: show them with `redactRpcUrl`.
     * Empty in embedded mode, whose chains are local devnets.
     */
    chains,
    /**
     * Embedded mode: run the local devnets (Base Sepolia, Arbitrum Sepolia, Solana devnet) with the server, or
     * offer no chains at all (`off`: a faster start, for tests that need no chain).
     */
    localChains: env.CHARTER_MODE === 'embedded' && env.LOCAL_CHAINS === 'on',
    /** Charter's own pinning service and gateway, and Pinata when it pins instead (pinning/). */
    pinning: {
      /**
       * SHA-256 (hex) of each key of PINNING_API_KEYS; the keys themselves are not kept. Empty when unset: then
       * embedded mode generates one into `dataDir`, and production runs no pinning service of its own.
       */
      apiKeyDigests: (env.PINNING_API_KEYS ?? []).map((key) =>
        createHash('sha256').update(key).digest('hex'),
      ),
      /** The largest document (its JSON text, in bytes) the service pins; a larger one is refused with 413. */
      maxBytes: env.PINNING_MAX_BYTES,
      /** Pinata, when PINATA_JWT is set: the server's documents are pinned there, and read from its gateway. */
      pinata: env.PINATA_JWT
        ? {
            jwt: env.PINATA_JWT,
            apiUrl: env.PINATA_API_URL.replace(/\/+$/, ''),
            /** The bare origin of the gateway (no `/ipfs`); none: the public gateway, https://ipfs.io. */
            gateway: env.PINATA_GATEWAY?.replace(/\/+$/, ''),
            gatewayToken: env.PINATA_GATEWAY_TOKEN,
          }
        : undefined,
    },
    /**
     * Coinbase Onramp (onramp/), when a CDP key is set: the key signs the JWT of each call to Coinbase's API,
     * `projectId` is the link's appId. Unset: the sandbox in embedded mode, no on-ramp in production.
     */
    coinbase:
      env.CDP_API_KEY_ID && env.CDP_API_KEY_SECRET && env.CDP_PROJECT_ID
        ? {
            keyId: env.CDP_API_KEY_ID,
            keySecret: env.CDP_API_KEY_SECRET,
            projectId: env.CDP_PROJECT_ID,
            apiUrl: env.COINBASE_API_URL.replace(/\/+$/, ''),
          }
        : undefined,
  }
})

export type Settings = z.output<typeof settingsSchema>
export type Mode = Settings['mode']
export type LogLevel = Settings['logLevel']
export type TwilioSettings = NonNullable<Settings['twilio']>
export type SmtpSettings = NonNullable<Settings['smtp']>

export class SettingsError extends Error {
  override name = 'SettingsError'
}

export function loadSettings(source: Record<string, string | undefined> = process.env): Settings {
  // An empty value in a .env file means "not set", not "set to the empty string".
  const present = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== ''))
  const fromFiles = readSecretFiles(present)
  const unknownChains = unknownRpcUrlSettings(present)
  if (fromFiles.problems.length > 0 || unknownChains.length > 0)
    fail([...fromFiles.problems, ...unknownChains])
  const parsed = settingsSchema.safeParse({ ...present, ...fromFiles.values })
  if (!parsed.success) {
    fail(
      parsed.error.issues.map((issue) =>
        issue.path.length > 0 ? `${issue.path.join('.')}: ${issue.message}` : issue.message,
      ),
    )
  }
  return parsed.data
}

/**
 * APP_ID when set. Unset (embedded mode): the id kept in DATA_DIR/app-id, or a new one in Privy's shape, which
 * the server writes there at start, so that it stays the same from one start to the next.
 */
function chooseAppId(
  env: { APP_ID?: string | undefined; DATA_DIR: string; CHARTER_MODE: 'embedded' | 'production' },
  problems: string[],
): { appId: string; file: string | undefined } {
  if (env.APP_ID) return { appId: env.APP_ID, file: undefined }
  // Production refuses an unset APP_ID (its checks list it); a placeholder keeps the other problems listed too.
  if (env.CHARTER_MODE === 'production') return { appId: '', file: undefined }
  const file = join(resolve(env.DATA_DIR), appIdFileName)
  const kept = readAppIdFile(file)
  if (kept && 'problem' in kept) problems.push(kept.problem)
  return { appId: kept && 'appId' in kept ? kept.appId : newAppId(), file }
}

/** A secret as two settings are compared: spaces, tabs and line breaks anywhere in it do not count. */
const withoutWhitespace = (secret: string) => secret.replace(/\s+/g, '')

const loopbackHosts = new Set(['127.0.0.1', '::1', 'localhost'])
export const isLoopbackHost = (host: string): boolean =>
  loopbackHosts.has(host) || /^127\.\d+\.\d+\.\d+$/.test(host)

/**
 * The secrets set as `X_FILE`: each file's text without its trailing newline, as `X`. Setting both `X` and
 * `X_FILE` is refused (which one wins would be a guess), and so is a file that cannot be read or is empty.
 */
function readSecretFiles(present: Record<string, string | undefined>) {
  const values: Record<string, string> = {}
  const problems: string[] = []
  for (const name of secretSettings) {
    const path = present[`${name}_FILE`]
    if (path === undefined) continue
    if (present[name] !== undefined) {
      problems.push(`${name} and ${name}_FILE: set one or the other, not both`)
      continue
    }
    let text: string
    try {
      text = readFileSync(path, 'utf8')
    } catch (error) {
      const reason = (error as NodeJS.ErrnoException).code ?? String(error)
      problems.push(`${name}_FILE: cannot read ${path} (${reason}); it must name a file this user can read`)
      continue
    }
    const value = text.replace(/\r?\n$/, '')
    if (value === '') problems.push(`${name}_FILE: ${path} is empty`)
    else values[name] = value
  }
  return { values, problems }
}

function fail(problems: string[]): never {
  throw new SettingsError(
    `Charter cannot start: some settings are invalid.\n${problems.map((line) => `  ${line}`).join('\n')}`,
  )
}

/** The PostgreSQL database the server tests use instead of PGlite, when CI provides one. */
export function testDatabaseUrl(
  source: Record<string, string | undefined> = process.env,
): string | undefined {
  return source.TEST_DATABASE_URL || undefined
}
