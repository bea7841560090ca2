import { chmodSync, mkdirSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import pg from 'pg'
import type { Database } from './Database.ts'
import { migrate } from './migrate.ts'
import { asPglite, openPgliteInWorker } from './pgliteInWorker.ts'
import * as schema from './schema.ts'

export type DatabaseLocation =
  /** `poolSize`: connections held open at most (DATABASE_POOL_SIZE). */
  | { kind: 'postgres'; url: string; poolSize?: number }
  /** Without `dataDir` the database lives in memory (tests). */
  | { kind: 'pglite'; dataDir?: string }

export type OpenOptions = {
  /**
   * Told of every statement Drizzle runs (not a transaction's BEGIN and COMMIT): how tests hold a route to the
   * number of statements it costs.
   */
  onStatement?: (sqlText: string) => void
}

/** Opens the database and brings its schema up to date before anything else uses it. */
export async function openDatabase(location: DatabaseLocation, options: OpenOptions = {}): Promise<Database> {
  const logger = statementLogger(options.onStatement)
  const database =
    location.kind === 'postgres'
      ? openPostgres(location.url, location.poolSize ?? 10, logger)
      : await openPglite(location.dataDir, logger)
  try {
    await migrate(database)
  } catch (error) {
    await database.close()
    throw error
  }
  return database
}

type StatementLogger = { logQuery(query: string): void } | undefined

function statementLogger(onStatement: OpenOptions['onStatement']): StatementLogger {
  if (!onStatement) return undefined
  return {
    logQuery(query) {
      // node-postgres's transactions run their BEGIN and COMMIT through Drizzle, PGlite's do not: left out of both.
      if (!/^(begin|commit|rollback)\b/i.test(query)) onStatement(query)
    },
  }
}

function openPostgres(url: string, poolSize: number, logger: StatementLogger): Database {
  const pool = new pg.Pool({ connectionString: url, max: poolSize })
  return {
    db: drizzlePostgres({ client: pool, schema, ...(logger && { logger }) }),
    kind: 'postgres',
    rawTransaction: async (work) => {
      const client = await pool.connect()
      try {
        await client.query('BEGIN')
        const result = await work(async (sqlText) => {
          const answer = (await client.query(sqlText)) as pg.QueryResult | pg.QueryResult[]
          return (Array.isArray(answer) ? answer.at(-1)?.rows : answer.rows) ?? []
        })
        await client.query('COMMIT')
        return result
      } catch (error) {
        await client.query('ROLLBACK')
        throw error
      } finally {
        client.release()
      }
    },
    close: () => pool.end(),
  }
}

async function openPglite(dataDir: string | undefined, logger: StatementLogger): Promise<Database> {
  if (dataDir) mkdirSync(dataDir, { recursive: true })
  // Relaxed durability: a query answers before PGlite's flush to disk completes. A crash of Charter loses
  // nothing (the writes are already with the operating system); a crash of the machine may lose the last
  // moments, as PostgreSQL's synchronous_commit=off would. Every query is 2 to 4 times faster; production
  // runs on PostgreSQL, which keeps its own full durability. PGlite runs on a thread of its own, off the one
  // that serves HTTP.
  const client = await openPgliteInWorker(dataDir ? join(dataDir, 'pglite') : undefined, {
    relaxedDurability: true,
  })
  if (dataDir) restrictToOwner(join(dataDir, 'pglite'))
  return {
    db: drizzlePglite({ client: asPglite(client), schema, ...(logger && { logger }) }),
    kind: 'pglite',
    lost: () => client.lost()?.message,
    rawTransaction: (work) =>
      client.transaction((tx) =>
        work(async (sqlText) => ((await tx.exec(sqlText)).at(-1)?.rows ?? []) as Record<string, unknown>[]),
      ),
    close: () => client.close(),
  }
}

/**
 * PGlite unpacks a new database with modes of its own (0666); the database holds sealed keys and session digests,
 * so its folder and files are made the owner's alone. What it writes later follows the server's umask (077).
 */
function restrictToOwner(dir: string): void {
  chmodSync(dir, 0o700)
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    chmodSync(join(entry.parentPath, entry.name), entry.isDirectory() ? 0o700 : 0o600)
  }
}
