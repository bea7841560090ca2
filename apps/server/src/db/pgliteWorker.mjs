// The embedded database's own thread: PGlite (PostgreSQL compiled to WebAssembly) runs here, so its work takes
// the machine's second core instead of the thread that serves HTTP. `pgliteInWorker.ts` is the other side; the
// messages are its calls. Plain JavaScript, so that it starts the same under tsx, vitest and plain Node.
import { parentPort, workerData } from 'node:worker_threads'
import { PGlite, parse, protocol } from '@electric-sql/pglite'

const { serialize } = protocol

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

/**
 * Queries as named prepared statements, parsed and planned once: PGlite's own `query` sends every statement as a
 * new unnamed one, so PostgreSQL parses and plans it again each time, over six calls into the WebAssembly. A
 * prepared one is a single call (bind, describe, execute, sync), about half the time (a session lookup 250 µs →
 * 170 µs, an activity INSERT 210 µs → 110 µs, `select 1` 90 µs → 40 µs on this project's bench machine). Each
 * text is prepared the first time it runs, up to `mostPrepared` texts (500 unless told); any more are parsed
 * each time.
 * It does what PGlite's `query` does otherwise: the same parameter serializers by the types PostgreSQL infers,
 * the same result parser, the same locks (a query outside a transaction waits for any open one to end), the same
 * flush to disk outside a transaction.
 */
const prepared = new Map()
const mostPrepared = workerData.keptStatements
let lastName = 0

async function runPrepared(statement, params, options, inTransaction) {
  const values = (params ?? []).map((param, i) => {
    if (param === null || param === undefined) return null
    const serializer = db.serializers[statement.types[i]]
    return serializer ? serializer(param) : param.toString()
  })
  // One buffer for the protocol messages, so PostgreSQL takes them in one call.
  const { messages } = await db.execProtocol(
    Buffer.concat([
      serialize.bind({ statement: statement.name, values }),
      serialize.describe({ type: 'P' }),
      serialize.execute({}),
      serialize.sync(),
    ]),
    { syncToFs: !inTransaction },
  )
  return parse.parseResults(messages, db.parsers, options)[0]
}

/** Parses `text` as a named statement kept for next time, or, once `mostPrepared` are kept, as the unnamed one. */
async function prepare(text) {
  const name = prepared.size < mostPrepared ? `charter_${++lastName}` : ''
  const { messages } = await db.execProtocol(
    Buffer.concat([
      serialize.parse({ name, text }),
      serialize.describe({ type: 'S', name }),
      serialize.sync(),
    ]),
    { syncToFs: false },
  )
  const statement = { name, types: parse.parseDescribeStatementResults(messages) }
  if (name) prepared.set(text, statement)
  return statement
}

async function forget(text, statement) {
  if (!statement.name) return
  prepared.delete(text)
  await db
    .execProtocol(Buffer.concat([serialize.close({ type: 'S', name: statement.name }), serialize.sync()]), {
      syncToFs: false,
    })
    .catch(() => undefined)
}

/**
 * Errors that PostgreSQL raises at Bind, before anything ran, when a kept statement no longer fits: its table's
 * columns changed ("cached plan must not change result type"), or it was deallocated.
 */
const staleStatement = new Set(['0A000', '26000'])

/** One query, prepared: in a transaction's scope (`tx`) or on its own. */
async function query(message) {
  const scope = scopeOf(message.tx)
  const options = queryOptions(message)
  const inTransaction = scope !== db
  if (inTransaction && scope.closed) throw new Error('Transaction is closed')
  const text = message.sql
  const run = async () => {
    const kept = prepared.get(text)
    let statement = kept
    try {
      statement ??= await prepare(text)
      return await runPrepared(statement, message.params, options, inTransaction)
    } catch (error) {
      // A failed statement is parsed afresh next time: its parameter types were fixed when it was first parsed,
      // and a table may have changed since (the error may be its own, e.g. a changed column's type).
      if (statement) await forget(text, statement)
      // Nothing ran, so outside a transaction it is tried once more as it is now. Inside one, PostgreSQL has
      // already aborted the transaction: the error stands (only a migration changes tables, and not in a query).
      if (kept && !inTransaction && staleStatement.has(error?.code)) {
        return runPrepared(await prepare(text), message.params, options, inTransaction)
      }
      // As PGlite's own query tells it: which statement failed.
      if (error && typeof error === 'object' && !('query' in error)) error.query = text
      throw error
    }
  }
  // The locks PGlite's own query takes: inside a transaction only the query lock, which the transaction lends.
  return inTransaction
    ? db._runExclusiveQuery(run)
    : db._runExclusiveTransaction(() => db._runExclusiveQuery(run))
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
        const { rows, affectedRows, fields } = await query(message)
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
