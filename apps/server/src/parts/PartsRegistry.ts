import type { Logger } from '../log/logger.ts'
import type { Part } from './Part.ts'
import { PartStartError } from './PartStartError.ts'

/**
 * The parts of one server by name, in order. `undefined`: a part this server has not at all in its mode (the dev
 * outbox in production), neither reported nor started; a service it could have but is not set up for is
 * registered as `notSetUp(name)` instead, which /api/health reports `missing`.
 */
export type PartsByName = Readonly<Record<string, Part | undefined>>

/**
 * The one place a part is wired: the server registers each once, the app reads each from here, typed as it was
 * registered, and the server starts them before it listens and closes them when it stops.
 */
export type PartsRegistry<Parts extends PartsByName> = {
  /** The part registered under `name`, with its registered type. */
  get: <Name extends keyof Parts & string>(name: Name) => Parts[Name]
  /** Every part this server has, in the registry's order (what /api/health reports, with `describe`). */
  list: () => Part[]
  /**
   * Starts each part, in order, one after the other. When one fails, every part is closed (in reverse order)
   * and it throws a `PartStartError` naming the part; the server must not listen then.
   */
  start: () => Promise<void>
  /**
   * Closes every part, in reverse order, each even when another's close throws (that failure is logged). Once:
   * a second call, or one after a failed start, does nothing.
   */
  close: () => Promise<void>
}

/** A registry of `parts`, in their order; each part's `name` must be the key it is registered under. */
export function partsRegistry<Parts extends PartsByName>(parts: Parts, logger: Logger): PartsRegistry<Parts> {
  for (const [key, part] of Object.entries(parts)) {
    if (part && part.name !== key) {
      throw new Error(
        `The part named ${part.name} is registered as ${key}: register each part under its name.`,
      )
    }
  }
  const present = Object.values(parts).filter((part): part is Part => part !== undefined)
  let closing: Promise<void> | undefined

  const close = () => {
    closing ??= (async () => {
      for (const part of [...present].reverse()) {
        if (!part.close) continue
        try {
          await part.close()
        } catch (error) {
          // The others still hold processes and connections: each is closed whatever happened to this one.
          logger.error(`Could not close ${part.name}`, {
            error: error instanceof Error ? (error.stack ?? error.message) : String(error),
          })
        }
      }
    })()
    return closing
  }

  return {
    get: (name) => parts[name],
    list: () => [...present],
    start: async () => {
      for (const part of present) {
        if (!part.start) continue
        try {
          await part.start()
        } catch (cause) {
          // What started before it (a devnet, a pool) must not outlive a server that never listened.
          await close()
          throw new PartStartError(part.name, cause)
        }
      }
    },
    close,
  }
}
