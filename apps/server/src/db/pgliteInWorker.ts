import { Worker } from 'node:worker_threads'
import type { PGlite, PGliteOptions, QueryOptions, Results } from '@electric-sql/pglite'

/** What Drizzle's PGlite driver and the migrations call on a PGlite: queries, SQL text, transactions. */
export type PgliteQueries = {
  query<T>(sqlText: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>
  exec(sqlText: string): Promise<Results[]>
}
export type PgliteInWorker = PgliteQueries & {
  transaction<T>(work: (tx: PgliteQueries) => Promise<T>): Promise<T>
  /** Why the database stopped, if its thread ended without being closed (it does not come back). */
  lost(): Error | undefined
  close(): Promise<void>
}

type Call =
  | {
      op: 'query'
      sql: string
      params: unknown[] | undefined
      rowMode?: 'array' | 'object'
      keepText: number[]
      tx?: number
    }
  | { op: 'exec'; sql: string; tx?: number }
  | { op: 'begin' }
  | { op: 'end'; tx: number; commit: boolean }
  | { op: 'close' }
type Reply = { id: number; ok: true; result: unknown } | { id: number; ok: false; error: ErrorFields }
type ErrorFields = { message: string } & Record<string, unknown>

/**
 * Opens PGlite on a thread of its own (`pgliteWorker.mjs`) and answers a stand-in with PGlite's own calls, so
 * Drizzle's PGlite driver runs unchanged on this side. The HTTP thread then spends nothing on the database's
 * WebAssembly; each call costs one message each way instead. A transaction keeps PGlite to itself until it ends,
 * exactly as in-thread PGlite does. One difference: timestamps, dates and intervals always come back as
 * PostgreSQL's text, which is how Drizzle asks for them on every query (the worker sets it once).
 */
export async function openPgliteInWorker(
  dataDir: string | undefined,
  options: PGliteOptions,
  /** How many query texts the thread keeps prepared (`pgliteWorker.mjs`); any more are parsed each time. */
  { keptStatements = 500 }: { keptStatements?: number } = {},
): Promise<PgliteInWorker> {
  // No loader in the worker: it is plain JavaScript, and tsx or vitest would only slow its start.
  const worker = new Worker(new URL('./pgliteWorker.mjs', import.meta.url), {
    workerData: { dataDir, options, keptStatements },
    execArgv: [],
  })
  const pending = new Map<number, { resolve: (result: unknown) => void; reject: (error: Error) => void }>()
  let next = 1
  let gone: Error | undefined
  // Like PGlite on this thread, the worker keeps the process alive only while a call is waiting on it.
  const settle = (id: number) => {
    pending.delete(id)
    if (pending.size === 0) worker.unref()
  }

  await new Promise<void>((resolve, reject) => {
    worker.once('message', (first: { ready: boolean; error?: ErrorFields }) => {
      if (first.ready) resolve()
      else reject(databaseError(first.error ?? { message: 'PGlite did not open.' }))
    })
    worker.once('error', reject)
    worker.once('exit', (code) => reject(new Error(`PGlite's thread exited (${code}) before it opened.`)))
  }).catch(async (error: unknown) => {
    await worker.terminate()
    throw error
  })
  worker.unref()

  worker.on('message', (reply: Reply) => {
    const waiting = pending.get(reply.id)
    if (!waiting) return
    settle(reply.id)
    if (reply.ok) waiting.resolve(reply.result)
    else waiting.reject(databaseError(reply.error))
  })
  /** Why the database stopped without being closed: the server's health says so. */
  let lost: Error | undefined
  const fail = (error: Error) => {
    if (!gone) lost = error
    gone ??= error
    for (const [id, waiting] of pending) {
      settle(id)
      waiting.reject(error)
    }
  }
  worker.on('error', (error) =>
    fail(new Error(`The embedded database stopped: ${error.message}`, { cause: error })),
  )
  worker.on('exit', (code) =>
    fail(new Error(`The embedded database stopped (its thread exited with ${code}).`)),
  )

  const call = <T>(message: Call): Promise<T> => {
    if (gone) return Promise.reject(gone)
    const id = next++
    return new Promise<T>((resolve, reject) => {
      if (pending.size === 0) worker.ref()
      pending.set(id, { resolve: resolve as (result: unknown) => void, reject })
      try {
        worker.postMessage({ ...message, id })
      } catch (error) {
        // A value that cannot cross to the thread (a function among the parameters): nothing was sent.
        settle(id)
        reject(error as Error)
      }
    })
  }
  const queriesIn = (tx?: number): PgliteQueries => ({
    query: async (sql, params, options) =>
      call({
        op: 'query',
        sql,
        params,
        rowMode: options?.rowMode,
        keepText: keptAsText(options?.parsers),
        ...(tx !== undefined && { tx }),
      }),
    exec: (sql) => call({ op: 'exec', sql, ...(tx !== undefined && { tx }) }),
  })

  return {
    ...queriesIn(),
    async transaction(work) {
      const tx = await call<number>({ op: 'begin' })
      let result: Awaited<ReturnType<typeof work>>
      try {
        result = await work(queriesIn(tx))
      } catch (error) {
        // The work's own error is the one to tell; a failed ROLLBACK ends the transaction all the same.
        await call({ op: 'end', tx, commit: false }).catch(() => undefined)
        throw error
      }
      await call({ op: 'end', tx, commit: true })
      return result
    },
    lost: () => lost,
    async close() {
      if (gone) return
      await call({ op: 'close' })
      gone = new Error('The embedded database is closed.')
      await worker.terminate()
    },
  }
}

/**
 * The types a query's parsers keep as PostgreSQL's text, which is all Drizzle's parsers do (dates, intervals):
 * a function cannot cross to the worker, so the worker keeps those types as text itself. A parser that does
 * anything else is refused rather than silently dropped.
 */
function keptAsText(parsers: QueryOptions['parsers']): number[] {
  return Object.entries(parsers ?? {}).map(([type, parse]) => {
    const probe = '2026-01-01 00:00:00+00'
    if (parse(probe, Number(type)) !== probe) {
      throw new Error(`PGlite on its own thread takes only parsers that keep text as it is (type ${type}).`)
    }
    return Number(type)
  })
}

/**
 * The stand-in as the PGlite Drizzle's driver is typed to take: the driver calls only `query` and `transaction`
 * (whose scope it calls only `query` on), which the stand-in answers as PGlite does.
 */
export const asPglite = (client: PgliteInWorker): PGlite => client as unknown as PGlite

/** The database's error again on this side, with its SQLSTATE `code` and the rest, and this side's stack. */
function databaseError(fields: ErrorFields): Error {
  const { message, name, ...rest } = fields
  return Object.assign(new Error(message), rest, { name: typeof name === 'string' ? name : 'DatabaseError' })
}
