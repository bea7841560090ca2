// The embedded database's own thread: PGlite (PostgreSQL compiled to WebAssembly) runs here, so its work takes
// the machine's second core instead of the thread that serves HTTP. `pgliteInWorker.ts` is the other side; the
// messages are its calls. Plain JavaScript, so that it starts the same under tsx, vitest and plain Node.
import { parentPort, workerData } from 'node:worker_threads'
import { PGlite } from '@electric-sql/pglite'

/** A database error's fields (SQLSTATE `code`, `constraint`, …) as plain data, since a thrown Error crosses without them. */
function describeError(error) {
  if (!(error instanceof Error)) return { message: String(error) }
  const fields = {}
  for (const [key, value] of Object.entries(error)) {
    if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) fields[key] = value
  }
  return { ...fields, name: error.name, message: error.message }
}

/**
 * The types Drizzle's PGlite driver asks every query to keep as PostgreSQL's text (timestamps, dates, intervals and
 * their arrays). They are set once on the instance: PGlite merges a query's own parsers into its whole table of
 * parsers on every query, which costs about 0.1 ms each time.
 */
const keptAsText = [1114, 1184, 1186, 1082, 1231, 1115, 1185, 1187, 1182]
const asText = (text) => text

function queryOptions(message) {
  const keepText = message.keepText ?? []
  if (keepText.every((type) => keptAsText.includes(type))) return { rowMode: message.rowMode }
  return { rowMode: message.rowMode, parsers: Object.fromEntries(keepText.map((type) => [type, asText])) }
}

function answer(id, run) {
  run().then(
    (result) => parentPort.postMessage({ id, ok: true, result }),
    (error) => parentPort.postMessage({ id, ok: false, error: describeError(error) }),
  )
}

const { dataDir, options } = workerData
let db
try {
  db = await PGlite.create(dataDir, options)
  for (const type of keptAsText) db.parsers[type] = asText
  parentPort.postMessage({ ready: true })
} catch (error) {
  parentPort.postMessage({ ready: false, error: describeError(error) })
}

/** Open transactions by id: the scope PGlite lends inside `transaction`, and how to end it. */
const open = new Map()

const scopeOf = (tx) => {
  if (tx === undefined) return db
  const transaction = open.get(tx)
  if (!transaction) throw new Error('This transaction has already ended.')
  return transaction.scope
}

parentPort.on('message', (message) => {
  const { id, op } = message
  switch (op) {
    case 'query':
      return answer(id, async () => {
        const { rows, affectedRows, fields } = await scopeOf(message.tx).query(
          message.sql,
          message.params,
          queryOptions(message),
        )
        return { rows, affectedRows, fields }
      })
    case 'exec':
      return answer(id, async () =>
        (await scopeOf(message.tx).exec(message.sql)).map(({ rows, affectedRows, fields }) => ({
          rows,
          affectedRows,
          fields,
        })),
      )
    case 'begin': {
      // Answers once PGlite has begun it; PGlite holds every other query back until it ends. The 'end' call's
      // answer waits for the COMMIT or ROLLBACK.
      let endedBy
      db.transaction(async (scope) => {
        const asked = await new Promise((end) => {
          open.set(id, { scope, end })
          parentPort.postMessage({ id, ok: true, result: id })
        })
        open.delete(id)
        endedBy = asked.replyTo
        if (!asked.commit) await scope.rollback()
      }).then(
        () => parentPort.postMessage({ id: endedBy, ok: true, result: null }),
        (error) => parentPort.postMessage({ id: endedBy ?? id, ok: false, error: describeError(error) }),
      )
      return
    }
    case 'end': {
      const transaction = open.get(message.tx)
      if (!transaction) {
        parentPort.postMessage({ id, ok: false, error: { message: 'This transaction has already ended.' } })
      } else transaction.end({ commit: message.commit, replyTo: id })
      return
    }
    case 'close':
      return answer(id, () => db.close())
  }
})
