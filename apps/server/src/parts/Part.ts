/** How a part is doing; a part in `error` makes the server `degraded`. */
export type PartStatus = {
  status: 'ok' | 'missing' | 'error'
  detail?: string
  unopenable?: number
  /** Which service does an outside service's work, by name (pinning: `charter` or `pinata`), never its keys. */
  service?: string
  /** The background jobs' part only: each job by name, how often it runs and how its last run went. */
  jobs?: Record<string, JobStatus>
  /** The sponsor's part only (sponsor/): its addresses and its balance on each chain, and which are low. */
  sponsor?: {
    addresses: { ethereum: string; solana: string }
    balances: { chain: string; name: string; balance: string | undefined; symbol: string; low: boolean }[]
  }
}

/** A background job as /api/health shows it (`jobs/backgroundJobs.ts`). */
export type JobStatus = {
  /** How often it runs, in seconds. */
  everySeconds: number
  /** Its last finished run; null until one finishes. */
  lastRun: JobRun | null
}

/** One finished run of a background job. */
export type JobRun = {
  /** When it finished, ISO 8601. */
  at: string
  status: 'ok' | 'failed'
  /** Why it failed: the error's message, its first line, with any URL in it redacted. */
  error?: string
  /** What it did, when the job counts it (the releasers: how many went out, how many failed). */
  counts?: Record<string, number>
}

/**
 * A part of the server (the database, an outside service, the wallets, the web app), registered once in the
 * parts registry (`PartsRegistry.ts`), which reports it in /api/health and runs its lifecycle.
 */
export type Part = {
  /** The key it is registered and reported under. */
  readonly name: string
  /**
   * How it is doing, for /api/health. A part without it works behind others that report it (the dev outbox,
   * behind the sms and email services it stands in for) and is not listed on its own.
   */
  describe?: () => PartStatus
  /**
   * Brings it up before the server listens (a devnet spawned, a pool opened). Parts start one after the other,
   * in the registry's order, so a part may rely on the ones before it.
   */
  start?: () => Promise<void>
  /**
   * Lets go of what it holds (processes, connections, timers), once, when the server stops, or when a part's
   * start failed. It is called whatever `start` got to (not at all, halfway, done), so it must stop only what
   * runs and be harmless when nothing does.
   */
  close?: () => Promise<void>
}

/** Who does a service's work: Charter itself (a stand-in that needs no account) or the real vendor. */
export type ServiceMode = 'embedded' | 'production'

/**
 * A service outside Charter, each in a folder of its own (`senders/`; `chains/`, `pinning/`, `onramp/` next):
 * the interface the app calls, the production adapter for the real vendor, and the embedded adapter that runs
 * without an account. The settings choose the adapter; the parts registry reports it in /api/health.
 */
export type OutsideService<Adapter> = Part & {
  readonly mode: ServiceMode
  readonly adapter: Adapter
}

/** A service this server is not set up for: no mode, no adapter, and /api/health reports it `missing`. */
export type NotSetUp = Part & { readonly mode?: undefined; readonly adapter?: undefined }

/**
 * A service this server is not set up for. Registered in its place, so that /api/health says so and
 * `registry.get(name).adapter` reads `undefined` (typed `Adapter | undefined`, no narrowing needed).
 */
export const notSetUp = (name: string): NotSetUp => ({ name, describe: () => ({ status: 'missing' }) })

/** The parts that describe themselves, by name, in the registry's order, each as it is now. */
export function describeParts(parts: readonly Part[]): Record<string, PartStatus> {
  return Object.fromEntries(
    parts.flatMap((part) => (part.describe ? [[part.name, part.describe()] as const] : [])),
  )
}

/**
 * An outside service whose adapter, once chosen, is there while the server runs: /api/health names what does
 * the work; `lifecycle` is what the adapter must do when the server starts and stops (the SMTP sender closes
 * its connections).
 */
export function outsideService<Adapter>(
  name: string,
  mode: ServiceMode,
  adapter: Adapter,
  detail: string,
  lifecycle: Pick<Part, 'start' | 'close'> = {},
): OutsideService<Adapter> {
  return { name, mode, adapter, describe: () => ({ status: 'ok', detail }), ...lifecycle }
}
