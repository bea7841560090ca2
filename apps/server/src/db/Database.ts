import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import type * as schema from './schema.ts'

/** Drizzle over either PGlite or PostgreSQL: the same queries, the same migrations. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>

/**
 * Runs SQL text that may hold several statements; answers the rows of the last one, as the driver gives them
 * (PGlite's dates, times and intervals as text; node-postgres's dates as Date).
 */
export type RawQuery = (sqlText: string) => Promise<Record<string, unknown>[]>

export type Database = {
  db: Db
  kind: 'pglite' | 'postgres'
  /** One transaction on one connection, for SQL text Drizzle does not build (migrations). */
  rawTransaction: <T>(work: (query: RawQuery) => Promise<T>) => Promise<T>
  /** Why the database can no longer answer, when that is known without asking it (PGlite's thread ended). */
  lost?: () => string | undefined
  close: () => Promise<void>
}
