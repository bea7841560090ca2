/** How a part is doing; a part in `error` makes the server `degraded`. */
export type PartStatus = { status: 'ok' | 'missing' | 'error'; detail?: string; unopenable?: number }

/** A part of the server (the database, an outside service, the wallets, the web app) in /api/health. */
export type Part = {
  /** The key /api/health reports it under. */
  readonly name: string
  describe: () => PartStatus
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

/** A service this server is not set up for: /api/health reports it `missing`. */
export const notSetUp = (name: string): Part => ({ name, describe: () => ({ status: 'missing' }) })

/** The registry's parts by name, in the registry's order, each as it describes itself now. */
export function describeParts(parts: readonly Part[]): Record<string, PartStatus> {
  return Object.fromEntries(parts.map((part) => [part.name, part.describe()]))
}

/** An outside service whose adapter, once chosen, is simply there: /api/health names what does the work. */
export function outsideService<Adapter>(
  name: string,
  mode: ServiceMode,
  adapter: Adapter,
  detail: string,
): OutsideService<Adapter> {
  return { name, mode, adapter, describe: () => ({ status: 'ok', detail }) }
}
