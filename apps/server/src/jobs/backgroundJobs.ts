import { redactRpcUrl } from '../chains/redactRpcUrl.ts'
import type { Logger } from '../log/logger.ts'
import type { JobRun, Part } from '../parts/Part.ts'

/** Something the server does by itself on a schedule (`jobs/serverJobs.ts` lists them). */
export type BackgroundJob = {
  /** Its name in /api/health. */
  name: string
  /** How often it runs. */
  everyMs: number
  /** Whether it also runs once as the part starts (the sweep of old rows does). */
  atStart?: boolean
  /** The warning logged, with the error, when a run throws. */
  failure: string
  /** One run. What it answers is what /api/health shows it did (how many went out, how many failed). */
  run: () => Promise<Record<string, number> | undefined>
}

/** The background jobs as a part: started with the server, stopped with it, each job's last run in /api/health. */
export type BackgroundJobsPart = Part & {
  readonly name: 'jobs'
  /**
   * Runs every job once now (or those `only` names), after any run of it in progress, and resolves when all have
   * finished; the schedule is unchanged. For tests, which cannot wait 30 seconds, and for what a passkey released.
   */
  runNow: (only?: readonly string[]) => Promise<void>
}

type Entry = {
  job: BackgroundJob
  running: Promise<void> | undefined
  lastRun: JobRun | null
  timer: NodeJS.Timeout | undefined
}

/** How long a job's error may be in /api/health. */
const shownErrorLength = 300

/**
 * An error as /api/health shows it (a public route): its message's first line, every URL in it reduced to what
 * `redactRpcUrl` shows (a node's URL may carry a key, a database's a password), at most 300 characters.
 */
export function shownJobError(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error)
  const firstLine = message.split('\n', 1)[0] ?? ''
  const redacted = firstLine.replace(/\b[a-z][a-z0-9+.-]*:\/\/[^\s"'<>()]+/gi, (url) => redactRpcUrl(url))
  return redacted.length > shownErrorLength ? `${redacted.slice(0, shownErrorLength - 1)}…` : redacted
}

/**
 * The part that runs `jobs`, each on its own timer from `start` to `close`. A run that throws is logged and
 * shown as failed in /api/health; the job runs again at its next turn and the others are untouched. A job whose
 * previous run is still going skips its turn rather than run twice at once. `close` stops the timers and waits
 * for the runs in progress, so none outlives the parts it uses (the database, the chains), which close after it.
 */
export function backgroundJobs(jobs: readonly BackgroundJob[], logger: Logger): BackgroundJobsPart {
  const entries: Entry[] = jobs.map((job) => ({ job, running: undefined, lastRun: null, timer: undefined }))

  const runOnce = async (entry: Entry): Promise<void> => {
    try {
      const counts = await entry.job.run()
      entry.lastRun = { at: new Date().toISOString(), status: 'ok', ...(counts && { counts }) }
    } catch (error) {
      logger.warn(entry.job.failure, { error: String(error) })
      entry.lastRun = { at: new Date().toISOString(), status: 'failed', error: shownJobError(error) }
    }
  }

  /** Runs the job unless it is running already; either way, the run in progress. */
  const turn = (entry: Entry): Promise<void> => {
    if (entry.running) return entry.running
    const running = runOnce(entry).finally(() => {
      entry.running = undefined
    })
    entry.running = running
    return running
  }

  return {
    name: 'jobs',
    describe: () => {
      const failed = entries.filter((entry) => entry.lastRun?.status === 'failed').map(({ job }) => job.name)
      return {
        // A failed run is retried at the job's next turn: reported, but the server is not degraded by it.
        status: 'ok',
        ...(failed.length > 0 && { detail: `last run failed: ${failed.join(', ')}` }),
        jobs: Object.fromEntries(
          entries.map(({ job, lastRun }) => [job.name, { everySeconds: job.everyMs / 1000, lastRun }]),
        ),
      }
    },
    start: async () => {
      for (const entry of entries) {
        if (entry.timer) continue
        if (entry.job.atStart) void turn(entry)
        entry.timer = setInterval(() => void turn(entry), entry.job.everyMs).unref()
      }
    },
    close: async () => {
      for (const entry of entries) {
        clearInterval(entry.timer)
        entry.timer = undefined
      }
      await Promise.all(entries.map((entry) => entry.running))
    },
    runNow: async (only) => {
      await Promise.all(
        entries
          .filter((entry) => !only || only.includes(entry.job.name))
          .map(async (entry) => {
            while (entry.running) await entry.running
            await turn(entry)
          }),
      )
    },
  }
}
